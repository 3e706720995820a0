import { useSelector } from '@xstate/react'
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect, useMemo, useRef } from 'react'
import { styled } from 'styled-system/jsx'
import type { CrowdHour } from '~/api/crowd'
import type { Chart } from '~/api/market'
import type { TaggedMessage } from '~/api/predictions'
import {
  type ChartCandle,
  type ChartPoint,
  candlesOf,
  chartPriceFormat,
  closesOf,
  liveCandle,
  livePoint,
  wallClockSeconds,
} from '~/domain/chart-series'
import { type CrowdBar, crowdBars, type PredictionMarker, predictionMarkers } from '~/domain/crowd-chart'
import { selectLatestPrice } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { chartHeight } from './chart-height'

// the canvas cannot read CSS variables: the palettes' step-9 colours, legible on light and dark
const upColour = '#30a46c'
const downColour = '#e5484d'
const evenColour = '#8b8d98'
const crowdColours = { Up: `${upColour}99`, Down: `${downColour}99`, even: `${evenColour}99` } as const
// a judged prediction's marker: right like a rise, wrong like a fall
const markerColours = { right: upColour, wrong: downColour } as const

/** How the chart draws the bars: their closes as an area, or each bar as a candle. */
export type ChartStyle = 'area' | 'candles'

/** The browser's zone offset at an instant, east of UTC positive (getTimezoneOffset is west-positive). */
const browserOffsetMinutes = (atMs: number) => -new Date(atMs).getTimezoneOffset()

// times as the player's clock shows them, not UTC (the chart itself has no time zones)
const localTime = (time: number) => wallClockSeconds(time, browserOffsetMinutes) as UTCTimestamp
const toPoint = (point: ChartPoint) => ({ time: localTime(point.time), value: point.value })
const toCandle = (candle: ChartCandle) => ({ ...candle, time: localTime(candle.time) })

type Drawn = (
  | { readonly style: 'area'; readonly series: ISeriesApi<'Area'> }
  | { readonly style: 'candles'; readonly series: ISeriesApi<'Candlestick'>; last: ChartCandle | undefined }
) & {
  readonly crowd: ISeriesApi<'Histogram'>
  readonly markers: ISeriesMarkersPluginApi<UTCTimestamp>
}

// the price keeps the upper part of the pane, the crowd's histogram the lowest quarter
const priceMargins = { top: 0.1, bottom: 0.3 }
const crowdMargins = { top: 0.75, bottom: 0 }
const crowdScale = 'crowd'

const toCrowdBar = (bar: CrowdBar) => ({
  time: localTime(bar.time),
  value: bar.value,
  color: crowdColours[bar.majority],
})
const toMarker = (marker: PredictionMarker) => ({ ...marker, time: localTime(marker.time) })

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
  crowd: split,
  predictions,
}: {
  readonly chart: Chart
  readonly label: string
  readonly style: ChartStyle
  /** the crowd's hourly split, drawn as a histogram under the price; undefined until loaded */
  readonly crowd: readonly CrowdHour[] | undefined
  /** the player's predictions on the title: the judged ones are marked right or wrong */
  readonly predictions: readonly TaggedMessage[]
}) {
  const client = useClient()
  const container = useRef<HTMLDivElement>(null)
  const drawn = useRef<Drawn>(null)
  const crowd = useMemo(() => split && crowdBars(split, chart.interval), [split, chart.interval])
  const priceFormat = useMemo(() => chartPriceFormat(chart.bars), [chart])
  const markers = useMemo(
    () => predictionMarkers(predictions, chart.interval, chart.bars[0]?.t ?? 0, markerColours),
    [predictions, chart],
  )
  const shown = useRef({ crowd, markers })
  shown.current = { crowd, markers }
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
        priceFormat,
      })
      const candles = candlesOf(chart.bars)
      series.setData(candles.map(toCandle))
      series.priceScale().applyOptions({ scaleMargins: priceMargins })
      drawn.current = { style, series, last: candles.at(-1), ...crowdLayers(widget, series) }
    } else {
      const series = widget.addSeries(AreaSeries, {
        lineColor: colour,
        topColor: `${colour}55`,
        bottomColor: `${colour}05`,
        lineWidth: 2,
        priceFormat,
      })
      series.setData(closesOf(chart.bars).map(toPoint))
      series.priceScale().applyOptions({ scaleMargins: priceMargins })
      drawn.current = { style, series, ...crowdLayers(widget, series) }
    }
    // a chart drawn anew (another style) takes the crowd and markers already loaded
    drawn.current.crowd.setData((shown.current.crowd ?? []).map(toCrowdBar))
    drawn.current.markers.setMarkers(shown.current.markers.map(toMarker))
    widget.timeScale().fitContent()
    return () => {
      drawn.current = null
      widget.remove()
    }
  }, [chart, style, priceFormat])

  // the crowd and the markers come after the bars (their own loads): drawn on whichever chart is up
  useEffect(() => {
    drawn.current?.crowd.setData((crowd ?? []).map(toCrowdBar))
  }, [crowd])
  useEffect(() => {
    drawn.current?.markers.setMarkers(markers.map(toMarker))
  }, [markers])

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
      // what the canvas draws, for tests and assistive tooling that cannot read pixels
      data-crowd-bars={crowd?.length ?? 0}
      data-price-precision={priceFormat.precision}
      data-prediction-markers={markers.map((marker) => marker.text).join(' ')}
      className={chartHeight}
      w="full"
      minW="0"
      overflow="hidden"
    />
  )
}

/** The crowd's histogram on its own scale under the price, and the price series' markers. */
function crowdLayers(widget: ReturnType<typeof createChart>, series: ISeriesApi<'Area' | 'Candlestick'>) {
  const crowd = widget.addSeries(HistogramSeries, {
    priceScaleId: crowdScale,
    lastValueVisible: false,
    priceLineVisible: false,
  })
  widget.priceScale(crowdScale).applyOptions({ scaleMargins: crowdMargins })
  return { crowd, markers: createSeriesMarkers(series, []) as ISeriesMarkersPluginApi<UTCTimestamp> }
}
