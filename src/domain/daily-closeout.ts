import { fromHundredths } from './currency'
import type { News } from './important-messages'
import { formatTtc } from './number-format'
import { dayStartOf } from './ranking-periods'

/**
 * The daily closeout (spec §2 Settings, "Daily closeout: your results at the end of each day"): once a
 * day of the game's zone has ended, a player who asked for it by e-mail gets what was decided for them
 * that day. Days are the rankings' days (ranking_days), so the mail and the rankings agree.
 */

/** One local day of the game's zone: `start` (its 00:00) inclusive, `end` (the next 00:00) exclusive. */
export interface GameDay {
  readonly start: number
  readonly end: number
}

/**
 * The day that ended last: yesterday, as ranking_days cuts days (`dayStartOf`). Only its closeout is
 * sent; a server that was down for days does not send the days it missed (an old closeout is news
 * nobody wants).
 */
export function lastEndedDay(now: number, timeZone: string): GameDay {
  const end = dayStartOf(now, timeZone)
  return { start: dayStartOf(end - 1, timeZone), end }
}

/** What was decided for one player on one day; money in hundredths of a TTC. */
export interface DayResults {
  readonly predictionsJudged: number
  readonly predictionsRight: number
  readonly betsSettled: number
  readonly betsWon: number
  /** right predictions' rewards plus the bets' payout less their stakes (the rankings' points) */
  readonly won: number
  readonly balanceAtEnd: number
  /** every change of the balance that day: rewards and payouts, stakes, grants */
  readonly balanceChange: number
}

const calls = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/**
 * The closeout's lines, or undefined when nothing happened for the player that day: no mail then, a
 * closeout of zeros every day would teach the player to ignore it.
 */
export function closeoutLines(results: DayResults): string[] | undefined {
  const { predictionsJudged, betsSettled, balanceChange } = results
  if (predictionsJudged === 0 && betsSettled === 0 && balanceChange === 0) return undefined
  const lines: string[] = []
  if (predictionsJudged > 0)
    lines.push(
      `Predictions judged: ${results.predictionsRight} of ${calls(predictionsJudged, 'call')} right.`,
    )
  if (betsSettled > 0)
    lines.push(`Polls settled: you won ${results.betsWon} of ${calls(betsSettled, 'bet')}.`)
  if (predictionsJudged > 0 || betsSettled > 0)
    lines.push(`Won in the game today: ${formatTtc(fromHundredths(results.won), true)}.`)
  lines.push(
    `Balance at the end of the day: ${formatTtc(fromHundredths(results.balanceAtEnd))} (${formatTtc(
      fromHundredths(balanceChange),
      true,
    )} today).`,
  )
  return lines
}

/** The closeout as a mail says it, its day named (`Monday, November 30`); undefined for a quiet day. */
export function closeoutNews(dayLabel: string, results: DayResults): News | undefined {
  const lines = closeoutLines(results)
  return (
    lines && {
      subject: `Your Alpha closeout for ${dayLabel}`,
      lines: [`here is how ${dayLabel} went for you.`, ...lines],
    }
  )
}
