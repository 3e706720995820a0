import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { provideCrowdSplit } from '~/actors/crowd-split.actors'
import type { Chart } from '~/api/market'
import { crowdSpan } from '~/domain/crowd-chart'
import { crowdSplitMachine, selectCrowdSplit, selectCrowdSplitFailure } from '~/machines/crowd-split.machine'
import { selectTitlePredictions } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { Skeleton, Text } from '~/views/ui'
import type { ChartStyle } from './ChartCanvas'
import { chartHeight } from './chart-height'
import { TitleDataFailure } from './TitleDataStatus'

// lightweight-charts is big: it loads with the first chart, not with the app
const ChartCanvas = lazy(async () => ({ default: (await import('./ChartCanvas')).ChartCanvas }))

/**
 * Issue 20 point 3, the crowd on the chart: the price with the crowd's hourly Up/Down split under it
 * and the player's judged predictions marked right or wrong. The chart's parent keys it by the loaded
 * chart, so another range loads the crowd of its own span.
 */
export function CrowdChart({
  chart,
  style,
  label,
}: {
  readonly chart: Chart
  readonly style: ChartStyle
  readonly label: string
}) {
  const client = useClient()
  const span = crowdSpan(chart.bars, chart.interval) ?? { from: 0, to: 1 }
  const loader = useActorRef(provideCrowdSplit(crowdSplitMachine, client.effects), {
    input: { titleId: chart.titleId, ...span },
  })
  const split = useSelector(loader, selectCrowdSplit)
  const failure = useSelector(loader, selectCrowdSplitFailure)
  const predictions = useSelector(client.store('taggedMessages'), (snapshot) =>
    selectTitlePredictions(snapshot.context, chart.titleId),
  )
  return (
    <>
      <Suspense fallback={<Skeleton className={chartHeight} />}>
        <ChartCanvas chart={chart} style={style} label={label} crowd={split} predictions={predictions} />
      </Suspense>
      {failure ? (
        <TitleDataFailure message={failure} onRetry={() => loader.send({ type: 'crowd.retry' })} />
      ) : (
        <Text textStyle="sm" color="fg.muted" data-testid="crowd-legend">
          Bars under the price: the crowd's predictions per hour, standing up when most said Up and hanging
          down when most said Down. Arrows: your judged predictions, marked right or wrong.
        </Text>
      )}
    </>
  )
}
