import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { styled } from 'styled-system/jsx'
import { provideTitleChart } from '~/actors/title-data.actors'
import { type TimeRange, timeRangeIds, timeRangeLabels } from '~/api/market'
import {
  selectChartRange,
  selectTitleData,
  selectTitleDataFailure,
  titleChartMachine,
} from '~/machines/title-data.machine'
import { useClient } from '~/views/client-context'
import { Skeleton } from '~/views/ui'
import { ChartSummary } from './ChartSummary'
import { RangeChooser } from './RangeChooser'
import { TitleDataFailure } from './TitleDataStatus'

// lightweight-charts is big: it loads with the first chart, not with the app
const ChartCanvas = lazy(async () => ({ default: (await import('./ChartCanvas')).ChartCanvas }))

const defaultRange: TimeRange = 'today'

/** Spec §3 "Time ranges": the title's chart for Last 3h … All-time, growing with live ticks. */
export function ChartsTab({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const loader = useActorRef(provideTitleChart(titleChartMachine, client.effects), {
    input: { titleId, range: defaultRange },
  })
  const range = useSelector(loader, selectChartRange) ?? defaultRange
  const chart = useSelector(loader, selectTitleData)
  const failure = useSelector(loader, selectTitleDataFailure)
  const placeholder = <Skeleton h={{ base: '64', md: '80' }} />
  return (
    <styled.section display="grid" gap="3" py="2">
      <RangeChooser
        value={range}
        ranges={timeRangeIds}
        labels={timeRangeLabels}
        onChange={(next) => loader.send({ type: 'titleData.rangeChosen', range: next })}
      />
      <div aria-busy={!chart && !failure}>
        {failure ? (
          <TitleDataFailure message={failure} onRetry={() => loader.send({ type: 'titleData.retry' })} />
        ) : chart ? (
          <>
            <Suspense fallback={placeholder}>
              <ChartCanvas chart={chart} label={`Price chart, ${timeRangeLabels[range]}`} />
            </Suspense>
            <ChartSummary chart={chart} />
          </>
        ) : (
          placeholder
        )}
      </div>
    </styled.section>
  )
}
