import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { styled } from 'styled-system/jsx'
import { provideTitleChart } from '~/actors/title-data.actors'
import { type TimeRange, timeRangeIds, timeRangeLabels } from '~/api/market'
import { todayRangeNote } from '~/domain/market-state'
import {
  selectChartRange,
  selectTitleData,
  selectTitleDataFailure,
  titleChartMachine,
} from '~/machines/title-data.machine'
import { selectTitleHours } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { useMinuteClock } from '~/views/prices/use-minute-clock'
import { Skeleton, Text } from '~/views/ui'
import type { ChartStyle } from './ChartCanvas'
import { ChartStyleChooser } from './ChartStyleChooser'
import { ChartSummary } from './ChartSummary'
import { CrowdChart } from './CrowdChart'
import { chartHeight } from './chart-height'
import { RangeChooser } from './RangeChooser'
import { TitleDataFailure } from './TitleDataStatus'

const defaultRange: TimeRange = 'today'

/**
 * Spec §3 "Time ranges": the title's chart for Last 3h … All-time, growing with live ticks, as a line
 * or as candles. On a day its market is closed, Today shows the last session and says which.
 */
export function ChartsTab({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const loader = useActorRef(provideTitleChart(titleChartMachine, client.effects), {
    input: { titleId, range: defaultRange },
  })
  const range = useSelector(loader, selectChartRange) ?? defaultRange
  const chart = useSelector(loader, selectTitleData)
  const failure = useSelector(loader, selectTitleDataFailure)
  const hours = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleHours(snapshot.context, titleId),
  )
  const now = useMinuteClock()
  // how the chart draws is the viewer's passing choice, not state of the game: it lives with the view
  const [style, setStyle] = useState<ChartStyle>('area')
  const sessionNote = range === 'today' ? todayRangeNote(hours, now) : undefined
  const placeholder = <Skeleton className={chartHeight} />
  return (
    // minW 0 all the way down: a grid item is at least as wide as its content, and the chart's canvas
    // kept its last width when the window narrowed
    <styled.section display="grid" gridTemplateColumns="minmax(0, 1fr)" gap="3" py="2" minW="0">
      <RangeChooser
        value={range}
        ranges={timeRangeIds}
        labels={timeRangeLabels}
        onChange={(next) => loader.send({ type: 'titleData.rangeChosen', range: next })}
      />
      <ChartStyleChooser value={style} onChange={setStyle} />
      {sessionNote && (
        <Text textStyle="sm" color="fg.muted">
          {sessionNote}
        </Text>
      )}
      <styled.div aria-busy={!chart && !failure} minW="0">
        {failure ? (
          <TitleDataFailure message={failure} onRetry={() => loader.send({ type: 'titleData.retry' })} />
        ) : chart ? (
          <>
            <CrowdChart
              key={`${chart.titleId}/${chart.range}`}
              chart={chart}
              style={style}
              label={`Price chart, ${timeRangeLabels[range]}`}
            />
            <ChartSummary chart={chart} />
          </>
        ) : (
          placeholder
        )}
      </styled.div>
    </styled.section>
  )
}
