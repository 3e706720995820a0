import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { Link as RouteLink } from 'wouter'
import { formatDecimal } from '~/domain/number-format'
import { selectPredictionPerformance } from '~/machines/performance.machine'
import { selectPredictions, selectRewardFactor } from '~/machines/tagged-messages.machine'
import { useClient } from '~/views/client-context'
import { Card, Link } from '~/views/ui'
import { NextEvaluation } from './NextEvaluation'

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <styled.div display="flex" flexDirection="column">
      <styled.dt fontSize="xs" color="fg.muted">
        {label}
      </styled.dt>
      <styled.dd fontSize="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
        {value}
      </styled.dd>
    </styled.div>
  )
}

/** The dashboard's prediction summary: score (evaluated, the server's), running count, reward factor, next evaluation. */
export function PredictionSummary() {
  const client = useClient()
  const tagged = client.store('taggedMessages')
  const running = useSelector(tagged, (snapshot) => selectPredictions(snapshot.context, 'running').length)
  const rewardFactor = useSelector(tagged, (snapshot) => selectRewardFactor(snapshot.context))
  const score = useSelector(
    client.performance,
    (snapshot) => selectPredictionPerformance(snapshot.context)?.total.score,
  )
  return (
    <Card.Root asChild>
      <section aria-labelledby="prediction-summary-title">
        <Card.Header display="flex" flexDirection="row" alignItems="center" justifyContent="space-between">
          <Card.Title asChild>
            <h2 id="prediction-summary-title">Your predictions</h2>
          </Card.Title>
          <Link asChild fontSize="sm">
            <RouteLink href="/livestream/predictions">See all predictions</RouteLink>
          </Link>
        </Card.Header>
        <Card.Body display="flex" flexDirection="column" gap="3">
          <styled.dl display="grid" gridTemplateColumns="repeat(3, minmax(0, 1fr))" gap="3">
            <Figure label="Score" value={score === undefined ? '—' : formatDecimal(score)} />
            <Figure label="Running" value={formatDecimal(running, 0)} />
            <Figure label="Reward factor" value={formatDecimal(rewardFactor)} />
          </styled.dl>
          <NextEvaluation />
        </Card.Body>
      </section>
    </Card.Root>
  )
}
