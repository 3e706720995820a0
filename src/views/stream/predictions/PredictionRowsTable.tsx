import type { TaggedMessage } from '~/api/predictions'
import { Table } from '~/views/ui'
import { PredictionRow } from './PredictionRow'
import { ScrollRegion } from './ScrollRegion'

/** Predictions as Your Predictions lists them, newest first: the week the store keeps, or older pages. */
export function PredictionRowsTable({
  predictions,
  label,
  caption,
}: {
  readonly predictions: readonly TaggedMessage[]
  /** the scroller's name */
  readonly label: string
  /** the table's name */
  readonly caption: string
}) {
  return (
    <ScrollRegion label={label}>
      <Table.Root size="sm" minW={{ md: '2xl' }}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">Title</Table.Header>
            <Table.Header scope="col">Trend</Table.Header>
            <Table.Header scope="col" textAlign="end" hideBelow="md">
              At price
            </Table.Header>
            <Table.Header scope="col" textAlign="end" hideBelow="md">
              Eval / latest price
            </Table.Header>
            <Table.Header scope="col">Result</Table.Header>
            <Table.Header scope="col" textAlign="end" hideBelow="md">
              Reward factor
            </Table.Header>
            <Table.Header scope="col" hideBelow="md">
              Created
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {predictions.map((prediction) => (
            <PredictionRow
              key={`${prediction.userId}_${prediction.titleId}_${prediction.messageId}`}
              prediction={prediction}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollRegion>
  )
}
