import { formatDateTime, formatShortDate, formatTime } from './date-format'
import { formatPercent } from './number-format'
import { type MoveDirection, priceMove } from './poll-view'
import { dayMs, nextMarketOpening, sessionOnDate, type TradingHours } from './trading-hours'

/**
 * Whether a title's market trades at a moment: open, or closed until `opensAt`. A frozen price of a
 * closed market looked like a dead feed (issue 17): every price says which it is.
 */
export type MarketState = { readonly open: true } | { readonly open: false; readonly opensAt: number }

/** The market's state at `now` (the server's clock); undefined while its hours are unknown. */
export function marketStateAt(hours: TradingHours | undefined, now: number): MarketState | undefined {
  if (!hours) return undefined
  const opensAt = nextMarketOpening(hours, now)
  return opensAt === undefined ? { open: true } : { open: false, opensAt }
}

/**
 * The state in words: `Open`, or `Closed · opens 3:30 PM` (today) / `Closed · opens Nov 30, 3:30 PM`,
 * in the player's zone unless `timeZone` is given (tests).
 */
export function marketStateText(state: MarketState, now: number, timeZone?: string): string {
  if (state.open) return 'Open'
  const today =
    state.opensAt - now < dayMs && formatShortDate(state.opensAt, timeZone) === formatShortDate(now, timeZone)
  const when = today ? formatTime(state.opensAt, timeZone) : formatDateTime(state.opensAt, timeZone)
  return `Closed · opens ${when}`
}

/** A session of trading, [start, end) in epoch ms. */
export interface TradingSession {
  readonly start: number
  readonly end: number
}

/**
 * The session that holds `now`, else the last one that ended before it: what a chart's Today range
 * shows on a day the market is closed (a weekend shows Friday's). Undefined when the hours are unknown.
 */
export function latestSessionAt(hours: TradingHours | undefined, now: number): TradingSession | undefined {
  if (!hours) return undefined
  // a session holding or before `now` has a trading date at most two days after now's UTC date
  const first = Math.floor(now / dayMs) + 2
  for (let day = first; day > first - 21; day -= 1) {
    const session = sessionOnDate(hours, day)
    if (session && session.start <= now) return session
  }
  return undefined
}

/** The change of a price since the previous close, for the eye (sign, colour) and the ear (words). */
export interface ChangeSinceClose {
  readonly direction: MoveDirection
  /** signed percent, `+1.23%`, `-0.40%`, `0.00%`: the sign says it without the colour */
  readonly percent: string
  /** `up 1.23% since the previous close` */
  readonly spoken: string
}

const spokenDirection: Record<MoveDirection, string> = { up: 'up', down: 'down', flat: 'unchanged' }

/** The price's change since `previousClose`; undefined when there is no (usable) previous close. */
export function changeSinceClose(
  previousClose: number | undefined,
  latest: number,
): ChangeSinceClose | undefined {
  if (previousClose === undefined || !(previousClose > 0)) return undefined
  const move = priceMove(previousClose, latest)
  // rounded to the shown 0.00 %, a tiny move is flat: its colour and sign must agree with its digits
  const direction = Math.abs(move.ratio) < 0.00005 ? 'flat' : move.direction
  const percent = direction === 'flat' ? formatPercent(0, 2) : formatPercent(move.ratio, 2, true)
  const size = formatPercent(Math.abs(move.ratio), 2)
  const spoken =
    direction === 'flat'
      ? 'unchanged since the previous close'
      : `${spokenDirection[direction]} ${size} since the previous close`
  return { direction, percent, spoken }
}

/**
 * What the chart's Today range says on a day the market is closed: it shows the last session, named by
 * its date and hours (`Market closed: the session of Nov 21, 3:30 PM – 10:00 PM`). Undefined while the
 * market is open or its hours are unknown.
 */
export function todayRangeNote(
  hours: TradingHours | undefined,
  now: number,
  timeZone?: string,
): string | undefined {
  if (!hours || nextMarketOpening(hours, now) === undefined) return undefined
  const session = latestSessionAt(hours, now)
  if (!session) return undefined
  const sameDay = formatShortDate(session.start, timeZone) === formatShortDate(session.end, timeZone)
  const end = sameDay ? formatTime(session.end, timeZone) : formatDateTime(session.end, timeZone)
  return `Market closed: the session of ${formatDateTime(session.start, timeZone)} – ${end}`
}
