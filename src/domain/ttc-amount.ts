import { hasAtMostTwoDecimals, toHundredths } from './currency'

/**
 * The largest amount of TTC any request may name: 10^10 hundredths, an exact integer however it was
 * rounded, and the range in which the two-decimals check is exact (its tolerance is absolute). Far
 * beyond any balance: the money in the game grows by 100 TTC a sign-up.
 */
export const maxTtcAmount = 1e8

/** Why a number is no amount of TTC the game can store; undefined when it is one. */
export type TtcAmountProblem = 'notANumber' | 'notPositive' | 'decimals' | 'tooLarge'

/**
 * The one rule for amounts sent to the game (a wager, an event's prize): a number more than 0, at most
 * `max`, with at most two decimals, that is at least one hundredth once rounded. The last check matters
 * because the two-decimals check tolerates binary noise: 1e-9 or 5e-324 pass it, yet are stored as 0
 * hundredths. Checked in this order, so 0.004 has too many decimals and 1e-9 is nothing.
 */
export function ttcAmountProblem(ttc: number, max = maxTtcAmount): TtcAmountProblem | undefined {
  if (Number.isNaN(ttc)) return 'notANumber'
  if (ttc <= 0) return 'notPositive'
  if (ttc > max) return 'tooLarge'
  if (!hasAtMostTwoDecimals(ttc)) return 'decimals'
  if (toHundredths(ttc) < 1) return 'notPositive'
  return undefined
}
