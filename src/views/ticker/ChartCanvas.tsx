import { useSelector } from '@xstate/react'
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect, useRef } from 'react'
import { styled } from 'styled-system/jsx'
import type { Chart } from '~/api/market'
import {
  type ChartCandle,
  type ChartPoint,
  candlesOf,
  closesOf,
  liveCandle,
  livePoint,
  wallClockSeconds,
} from '~/domain/chart-series'
import { selectLatestPrice } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { chartHeight } from './chart-height'

// the canvas cannot read CSS variables: the palettes' step-9 colours, legible on light and dark
const upColour = '#30a46c'
const downColour = '#e5484d'

/** How the chart draws the bars: their closes as an area, or each bar as a candle. */
export type ChartStyle = 'area' | 'candles'

/** The browser's zone offset at an instant, east of UTC positive (getTimezoneOffset is west-positive). */
const browserOffsetMinutes = (atMs: number) => -new Date(atMs).getTimezoneOffset()

// times as the player's clock shows them, not UTC (the chart itself has no time zones)
const localTime = (time: number) => wallClockSeconds(time, browserOffsetMinutes) as UTCTimestamp
const toPoint = (point: ChartPoint) => ({ time: localTime(point.time), value: point.value })
const toCandle = (candle: ChartCandle) => ({ ...candle, time: localTime(candle.time) })

type Drawn =
  | { readonly style: 'area'; readonly series: ISeriesApi<'Area'> }
  | { readonly style: 'candles'; readonly series: ISeriesApi<'Candlestick'>; last: ChartCandle | undefined }

/**
 * The chart itself (lightweight-charts, loaded with this file only when the Charts tab shows): the
 * bars' closes as an area or the bars as candles, then each live tick of the title on its bar. It
 * follows its container both ways (`autoSize`: the library's own ResizeObserver); the container may
 * shrink below the canvas's last width (`minW: 0`), or the canvas would hold the page wide.
 */
export function ChartCanvas({
  chart,
  label,
  style,
}: {
  readonly chart: Chart
  readonly label: string
  readonly style: ChartStyle
}) {
  const client = useClient()
  const container = useRef<HTMLDivElement>(null)
  const drawn = useRef<Drawn>(null)
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
    if (style === 'candles') {
      const series = widget.addSeries(CandlestickSeries, {
        upColor: upColour,
        downColor: downColour,
        borderVisible: false,
        wickUpColor: upColour,
        wickDownColor: downColour,
      })
      const candles = candlesOf(chart.bars)
      series.setData(candles.map(toCandle))
      drawn.current = { style, series, last: candles.at(-1) }
    } else {
      const series = widget.addSeries(AreaSeries, {
        lineColor: colour,
        topColor: `${colour}55`,
        bottomColor: `${colour}05`,
        lineWidth: 2,
      })
      series.setData(closesOf(chart.bars).map(toPoint))
      drawn.current = { style, series }
    }
    widget.timeScale().fitContent()
    return () => {
      drawn.current = null
      widget.remove()
    }
  }, [chart, style])

  // a live tick moves the last bar (candle) or starts the next one
  useEffect(() => {
    const current = drawn.current
    if (!latest || !current) return
    if (current.style === 'area') {
      const point = livePoint(chart.bars, chart.interval, latest)
      if (point) current.series.update(toPoint(point))
      return
    }
    const candle = liveCandle(current.last, chart.interval, latest)
    if (!candle) return
    current.last = candle
    current.series.update(toCandle(candle))
  }, [latest, chart])

  // a figure, not an img: the chart holds a link (the TradingView attribution), and an img has no
  // interactive content
  return (
    <styled.div
      ref={container}
      role="figure"
      aria-label={label}
      data-chart-style={style}
      className={chartHeight}
      w="full"
      minW="0"
      overflow="hidden"
    />
  )
}
