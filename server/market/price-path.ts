import { keepRecent } from '../../src/domain/bounded-map'
import type { Instrument } from './instrument'
import { gaussianOf, hashInts, mix, uniformOf } from './random'
import type { Session, TradingCalendar } from './trading-hours'
import { weekdayOf } from './trading-hours'

/** Day numbers (days since 1970-01-01): history starts 2020-01-01; start prices are closes of 2025-01-02. */
export const historyStartDay = 18262
export const anchorDay = 20090

const stream = { day: 1, dayExtremes: 2, minute: 3, second: 4, minuteExtremes: 5 } as const
const minuteMs = 60_000
const secondsPerMinute = 60
const cachedSessions = 16

/**
 * High and low of a Brownian bridge from `from` to `to` with end variance `variance`, sampled exactly:
 * P(max > m) = exp(-2 (m - from)(m - to) / variance), inverted for a uniform draw (and mirrored for the min).
 */
function bridgeExtremes(from: number, to: number, variance: number, hash: number): [number, number] {
  const up = Math.sqrt((to - from) ** 2 - 2 * variance * Math.log(uniformOf(mix(hash, 1))))
  const down = Math.sqrt((to - from) ** 2 - 2 * variance * Math.log(uniformOf(mix(hash, 2))))
  return [(from + to + up) / 2, (from + to - down) / 2]
}

/** One session's path: log prices at every minute boundary plus the per-minute extremes once known. */
export interface SessionPath {
  session: Session
  minutes: number
  /** minutes + 1 log prices: [0] the previous close, [minutes] the session's close */
  log: Float64Array
  /** standard deviation of one minute's log step */
  minuteSigma: number
  /** per-minute log high and low, NaN until asked for */
  high: Float64Array
  low: Float64Array
}

/**
 * The simulated price of one title as a pure function of time. Geometric Brownian motion in three
 * layers that share one variance budget: a daily walk of closes (one Gaussian step per trading date),
 * a Brownian bridge of minute prices between the previous close and the session's close, and a
 * Brownian bridge of second prices inside each minute. Every step is drawn from a counter-based PRNG,
 * so any moment's price is reproducible and a jump of the clock costs nothing to catch up.
 */
export class PricePath {
  readonly #cumulative: number[] = [0]
  readonly #paths = new Map<number, SessionPath>()
  readonly #dt: number
  readonly #logStart: number
  readonly #hash: number
  readonly #scratch = new Float64Array(secondsPerMinute + 1)

  constructor(
    readonly instrument: Instrument,
    readonly calendar: TradingCalendar,
    seed: number,
  ) {
    this.#dt = 7 / (calendar.hours.days.length * 365.25)
    this.#logStart = Math.log(instrument.startPrice)
    this.#hash = hashInts(seed, instrument.id)
  }

  /** Log close of the trading date `day`; on other dates the last close before it. */
  logClose(day: number): number {
    return this.#logStart + this.#walk(day) - this.#walk(anchorDay)
  }

  /** Log high and low of a whole trading date, drawn from the exact law of a Brownian bridge's extremes. */
  dayExtremes(day: number): [high: number, low: number] {
    const open = this.logClose(day - 1)
    const close = this.logClose(day)
    const variance = this.instrument.volatility ** 2 * this.#dt
    return bridgeExtremes(open, close, variance, mix(mix(this.#hash, stream.dayExtremes), day))
  }

  sessionPath(session: Session): SessionPath {
    const cached = this.#paths.get(session.date)
    const path = cached ?? this.#buildPath(session)
    keepRecent(this.#paths, session.date, path, cachedSessions)
    return path
  }

  /** Log price at `t` within the session, to the second; the session's ends outside it. */
  logAt(path: SessionPath, t: number): number {
    const offset = t - path.session.start
    if (offset <= 0) return path.log[0] as number
    if (t >= path.session.end) return path.log[path.minutes] as number
    const minute = Math.floor(offset / minuteMs)
    const second = Math.floor((offset - minute * minuteMs) / 1000)
    if (second === 0) return path.log[minute] as number
    return this.#secondPath(path, minute)[second] as number
  }

  /**
   * Log high and low of one minute, drawn like `dayExtremes` from the law of a bridge's extremes;
   * the second prices of the minute are kept inside them, so no tick ever leaves its minute bar.
   */
  minuteExtremes(path: SessionPath, minute: number): [high: number, low: number] {
    if (Number.isNaN(path.high[minute])) {
      const from = path.log[minute] as number
      const to = path.log[minute + 1] as number
      const h = mix(mix(mix(this.#hash, stream.minuteExtremes), path.session.date), minute)
      const [high, low] = bridgeExtremes(from, to, path.minuteSigma ** 2, h)
      path.high[minute] = high
      path.low[minute] = low
    }
    return [path.high[minute] as number, path.low[minute] as number]
  }

  /** The last price at `t`: moving within sessions, frozen at the last close outside them. */
  priceAt(t: number): number {
    const session = this.calendar.latestSessionAt(t)
    if (t >= session.end) return Math.exp(this.logClose(session.date))
    return Math.exp(this.logAt(this.sessionPath(session), t))
  }

  /**
   * The close before the latest session at `t` (the one open, else the last): the reference of the
   * day's change while it trades and after it closed, like the fundamentals' previous close.
   */
  previousCloseAt(t: number): number {
    return Math.exp(this.logClose(this.calendar.latestSessionAt(t).date - 1))
  }

  /** Sum of the daily log steps from the history start through `day`. */
  #walk(day: number): number {
    const index = Math.max(0, day - historyStartDay)
    const { volatility, drift } = this.instrument
    const mean = (drift - volatility ** 2 / 2) * this.#dt
    const deviation = volatility * Math.sqrt(this.#dt)
    const days = this.calendar.hours.days
    const h = mix(this.#hash, stream.day)
    while (this.#cumulative.length <= index) {
      const date = historyStartDay + this.#cumulative.length
      const step = days.includes(weekdayOf(date)) ? mean + deviation * gaussianOf(mix(h, date)) : 0
      this.#cumulative.push((this.#cumulative.at(-1) as number) + step)
    }
    return this.#cumulative[index] as number
  }

  #buildPath(session: Session): SessionPath {
    const minutes = Math.max(1, Math.round((session.end - session.start) / minuteMs))
    const open = this.logClose(session.date - 1)
    const close = this.logClose(session.date)
    const minuteSigma = this.instrument.volatility * Math.sqrt(this.#dt / minutes)
    const h = mix(mix(this.#hash, stream.minute), session.date)
    const walk = new Float64Array(minutes + 1)
    for (let j = 1; j <= minutes; j += 1) walk[j] = (walk[j - 1] as number) + gaussianOf(mix(h, j))
    const end = walk[minutes] as number
    const log = new Float64Array(minutes + 1)
    for (let j = 0; j <= minutes; j += 1) {
      const f = j / minutes
      log[j] = open + f * (close - open) + minuteSigma * ((walk[j] as number) - f * end)
    }
    log[minutes] = close
    const high = new Float64Array(minutes).fill(Number.NaN)
    const low = new Float64Array(minutes).fill(Number.NaN)
    return { session, minutes, log, minuteSigma, high, low }
  }

  /** Second prices of one minute: a Brownian bridge between the minute's two boundary prices. */
  #secondPath(path: SessionPath, minute: number): Float64Array {
    const points = this.#scratch
    const from = path.log[minute] as number
    const to = path.log[minute + 1] as number
    const sigma = path.minuteSigma / Math.sqrt(secondsPerMinute)
    const h = mix(mix(mix(this.#hash, stream.second), path.session.date), minute)
    points[0] = 0
    for (let i = 1; i <= secondsPerMinute; i += 1)
      points[i] = (points[i - 1] as number) + gaussianOf(mix(h, i))
    const end = points[secondsPerMinute] as number
    for (let i = 0; i <= secondsPerMinute; i += 1) {
      const f = i / secondsPerMinute
      points[i] = from + f * (to - from) + sigma * ((points[i] as number) - f * end)
    }
    points[secondsPerMinute] = to
    const [high, low] = this.minuteExtremes(path, minute)
    // The minute's high and low are drawn apart from these seconds, so the seconds may reach past them.
    // Clamped, the price stood still at the high or low for up to 38 s (a quote that looked frozen).
    // Instead the excursions above the straight line from `from` to `to` shrink by one factor until
    // the highest touches the high, and those below it likewise to the low: every second still moves.
    let up = 1
    let down = 1
    for (let i = 1; i < secondsPerMinute; i += 1) {
      const line = from + (i / secondsPerMinute) * (to - from)
      const point = points[i] as number
      if (point > high) up = Math.min(up, Math.max(0, (high - line) / (point - line)))
      else if (point < low) down = Math.min(down, Math.max(0, (low - line) / (point - line)))
    }
    if (up === 1 && down === 1) return points
    for (let i = 1; i < secondsPerMinute; i += 1) {
      const line = from + (i / secondsPerMinute) * (to - from)
      const excursion = (points[i] as number) - line
      // (the bounds again only against rounding: the touching second lands on them within an ulp)
      points[i] = Math.min(high, Math.max(low, line + excursion * (excursion > 0 ? up : down)))
    }
    return points
  }
}
