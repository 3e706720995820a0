import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { TaggedMessage } from '~/api/predictions'
import { formatPrice } from '~/domain/number-format'
import { evaluationTimeOf, type PredictionStatus, predictionStanding } from '~/domain/prediction'
import { formatRelativeTime } from '~/domain/relative-time'
import { selectPredictionStatus } from '~/machines/tagged-messages.machine'
import { selectLatestPrice, selectTitlePredictions } from '~/machines/ticker.select'
import { selectTitleCurrency } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { useClock } from '~/views/polls/use-clock'
import { Badge, Heading, Text } from '~/views/ui'

// the words of the predictions table (PredictionRow)
const verdicts = { correct: 'Correct', incorrect: 'Incorrect', unchanged: 'Unchanged' } as const

function verdict(
  prediction: TaggedMessage,
  status: PredictionStatus,
  latestPrice: number | undefined,
): string {
  const standing = predictionStanding(prediction, latestPrice)
  if (standing === undefined) return 'No price yet'
  return `${verdicts[standing]}${status === 'running' ? ' so far' : ''}`
}

/** The player's predictions on the title: direction, price, evaluation time and whether it is correct. */
export function TitlePredictions({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const now = useClock()
  const predictions = useSelector(client.store('taggedMessages'), (snapshot) =>
    selectTitlePredictions(snapshot.context, titleId),
  )
  // each prediction's status as its lifecycle said (the store's child actor)
  const statuses = useSelector(client.store('taggedMessages'), (snapshot) => snapshot.context)
  const statusOf = (prediction: TaggedMessage) => selectPredictionStatus(statuses, prediction)
  const latest = useSelector(client.prices, (snapshot) => selectLatestPrice(snapshot.context, titleId))
  const currency = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleCurrency(snapshot.context, titleId),
  )
  return (
    <styled.section aria-labelledby="ticker-predictions" display="grid" gap="2">
      <Heading as="h3" id="ticker-predictions" textStyle="md">
        Your predictions
      </Heading>
      {predictions.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          You have not tagged a message about this title yet.
        </Text>
      ) : (
        <styled.ul display="grid" gap="2">
          {predictions.map((prediction) => {
            const evaluated = prediction.evaluatedAt ?? evaluationTimeOf(prediction.createdAt)
            return (
              <styled.li
                key={prediction.messageId}
                display="flex"
                flexWrap="wrap"
                alignItems="center"
                gap="2"
                textStyle="sm"
              >
                <Badge colorPalette={prediction.trend === 'Up' ? 'up' : 'down'} variant="solid">
                  {prediction.trend}
                </Badge>
                <span>at {formatPrice(prediction.atPrice, currency)}</span>
                <styled.span color="fg.muted">evaluated {formatRelativeTime(evaluated, now)}</styled.span>
                <styled.span ml="auto" fontWeight="medium">
                  {verdict(prediction, statusOf(prediction), latest?.price)}
                </styled.span>
              </styled.li>
            )
          })}
        </styled.ul>
      )}
    </styled.section>
  )
}
