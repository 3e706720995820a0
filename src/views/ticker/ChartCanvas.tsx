import { useSelector } from '@xstate/react'
import { AreaSeries, ColorType, createChart, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts'
import { useEffect, useRef } from 'react'
import { styled } from 'styled-system/jsx'
import type { Chart } from '~/api/market'
import { type ChartPoint, closesOf, livePoint, wallClockSeconds } from '~/domain/chart-series'
import { selectLatestPrice } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'

// the canvas cannot read CSS variables: the palettes' step-9 colours, legible on light and dark
const upColour = '#30a46c'
const downColour = '#e5484d'

/** The browser's zone offset at an instant, east of UTC positive (getTimezoneOffset is west-positive). */
const browserOffsetMinutes = (atMs: number) => -new Date(atMs).getTimezoneOffset()

// times as the player's clock shows them, not UTC (the chart itself has no time zones)
const toSeries = (point: ChartPoint) => ({
  time: wallClockSeconds(point.time, browserOffsetMinutes) as UTCTimestamp,
  value: point.value,
})

/**
 * The chart itself (lightweight-charts, loaded with this file only when the Charts tab shows): the
 * bars' closes as an area, then each live tick of the title on its bar.
 */
export function ChartCanvas({ chart, label }: { readonly chart: Chart; readonly label: string }) {
  const client = useClient()
  const container = useRef<HTMLDivElement>(null)
  const series = useRef<ISeriesApi<'Area'>>(null)
  const latest = useSelector(client.prices, (snapshot) => selectLatestPrice(snapshot.context, chart.titleId))

  // the chart is an imperative widget: created with its element, given the loaded bars, removed with it
  useEffect(() => {
    const element = container.current
    if (!element) return
    const first = chart.bars[0]
    const last = chart.bars.at(-1)
    const colour = first && last && last.c < first.o ? downColour : upColour
    const widget = createChart(element, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: getComputedStyle(element).color,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: 'rgba(128, 128, 128, 0.2)' } },
      timeScale: {
        timeVisible: chart.interval !== '1d' && chart.interval !== '1w',
        // room after the last bar: a time label under it is centred on it and was cut in half by the
        // price scale
        rightOffsetPixels: 24,
      },
    })
    const area = widget.addSeries(AreaSeries, {
      lineColor: colour,
      topColor: `${colour}55`,
      bottomColor: `${colour}05`,
      lineWidth: 2,
    })
    area.setData(closesOf(chart.bars).map(toSeries))
    widget.timeScale().fitContent()
    series.current = area
    return () => {
      series.current = null
      widget.remove()
    }
  }, [chart])

  // a live tick moves the last bar or starts the next one
  useEffect(() => {
    const point = latest && livePoint(chart.bars, chart.interval, latest)
    if (point) series.current?.update(toSeries(point))
  }, [latest, chart])

  // a figure, not an img: the chart holds a link (the TradingView attribution), and an img has no
  // interactive content
  return <styled.div ref={container} role="figure" aria-label={label} h={{ base: '64', md: '80' }} w="full" />
}
