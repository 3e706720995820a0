import { useSelector } from '@xstate/react'
import { memo } from 'react'
import { styled } from 'styled-system/jsx'
import type { TaggedMessage } from '~/api/predictions'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { formatDecimal, formatPrice } from '~/domain/number-format'
import { predictionStanding } from '~/domain/prediction'
import { titleLabel } from '~/domain/title-label'
import { selectLatestPrice } from '~/machines/prices.machine'
import { selectPredictionStatus } from '~/machines/tagged-messages.machine'
import { selectTitleCurrency, selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { Badge, Table } from '~/views/ui'
import { TrendBadge } from './TrendBadge'

const resultText = { correct: 'Correct', incorrect: 'Incorrect', unchanged: 'Unchanged' } as const

/**
 * One prediction (spec §3, §4): while it runs it is judged against the title's latest tick, which this
 * row alone reads; once evaluated, against its evaluation price.
 */
export const PredictionRow = memo(function PredictionRow({
  prediction,
}: {
  readonly prediction: TaggedMessage
}) {
  const client = useClient()
  const name = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleName(snapshot.context, prediction.titleId),
  )
  const latest = useSelector(client.prices, (snapshot) =>
    selectLatestPrice(snapshot.context, prediction.titleId),
  )
  const currency = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleCurrency(snapshot.context, prediction.titleId),
  )
  const price = (value: number) => formatPrice(value, currency)
  // the status its lifecycle (the store's child actor) entered last
  const status = useSelector(client.store('taggedMessages'), (snapshot) =>
    selectPredictionStatus(snapshot.context, prediction),
  )
  const standing = predictionStanding(prediction, latest)
  const comparedPrice = prediction.evalPrice ?? latest
  const compared = `${comparedPrice === undefined ? '—' : price(comparedPrice)}${
    status === 'running' && comparedPrice !== undefined ? ' (latest)' : ''
  }`
  const created = (
    <time dateTime={isoDateTime(prediction.createdAt)}>{formatDateTime(prediction.createdAt)}</time>
  )
  return (
    <Table.Row>
      <Table.Header scope="row" fontWeight="medium">
        {titleLabel(prediction.titleId, name)}
        <styled.span display="block" hideFrom="md" fontSize="xs" fontWeight="normal" color="fg.muted">
          {price(prediction.atPrice)} → {compared} · reward {formatDecimal(prediction.rewardFactor)}
        </styled.span>
        <styled.span display="block" hideFrom="md" fontSize="xs" fontWeight="normal" color="fg.muted">
          {created}
        </styled.span>
      </Table.Header>
      <Table.Cell>
        <TrendBadge trend={prediction.trend} />
      </Table.Cell>
      <Table.Cell textAlign="end" hideBelow="md">
        {price(prediction.atPrice)}
      </Table.Cell>
      <Table.Cell textAlign="end" hideBelow="md">
        {compared}
      </Table.Cell>
      <Table.Cell>
        {standing === undefined ? '—' : resultText[standing]}
        {status === 'running' ? (
          <Badge size="sm" variant="outline" ml="2">
            Running
          </Badge>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end" hideBelow="md">
        {formatDecimal(prediction.rewardFactor)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap" hideBelow="md">
        {created}
      </Table.Cell>
    </Table.Row>
  )
})
