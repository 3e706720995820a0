import type { Chart } from '~/api/market'
import { formatPrice } from '~/domain/number-format'
import { Text } from '~/views/ui'
import { PriceMoveText } from './PriceMoveText'

/** The chart in words, for everyone and for screen readers: first open, last close and the move. */
export function ChartSummary({ chart }: { readonly chart: Chart }) {
  const first = chart.bars[0]
  const last = chart.bars.at(-1)
  if (!first || !last) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No prices in this range yet.
      </Text>
    )
  }
  return (
    <Text textStyle="sm" color="fg.muted">
      From {formatPrice(first.o, chart.currency)} to {formatPrice(last.c, chart.currency)}{' '}
      <PriceMoveText reference={first.o} latest={last.c} />
    </Text>
  )
}
