import { hasAtMostTwoDecimals } from './currency'

/** Why a wager cannot be placed (spec §5); undefined when it can. */
export type WagerProblem = 'missing' | 'notANumber' | 'notPositive' | 'decimals' | 'overBalance'

/** What a bet form holds: the text field's value, or a number. */
export type WagerInput = string | number | null | undefined

/** The wager as a number, or undefined when the field is empty or not a number. */
export function parseWager(wager: WagerInput): number | undefined {
  if (wager == null) return undefined
  const text = String(wager).trim()
  if (text === '') return undefined
  const amount = Number(text)
  return Number.isFinite(amount) ? amount : undefined
}

/**
 * Checks a wager against the balance (TTC): set, a number, more than 0, at most two decimals, at most
 * the balance. The first problem found, in that order.
 */
export function wagerProblem(wager: WagerInput, balance: number): WagerProblem | undefined {
  if (wager == null || String(wager).trim() === '') return 'missing'
  const amount = parseWager(wager)
  if (amount === undefined) return 'notANumber'
  if (amount <= 0) return 'notPositive'
  if (!hasAtMostTwoDecimals(amount)) return 'decimals'
  if (amount > balance) return 'overBalance'
  return undefined
}
