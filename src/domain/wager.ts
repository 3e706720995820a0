import { ttcAmountProblem } from './ttc-amount'

/** Why a wager cannot be placed (spec §5); undefined when it can. */
export type WagerProblem = 'missing' | 'notANumber' | 'notPositive' | 'decimals' | 'overBalance'

/** What a bet form holds: the text field's value, or a number. */
export type WagerInput = string | number | null | undefined

/**
 * A decimal comma (the game's home is Berlin): one or two digits after a single comma, as "1,5" or
 * "12,50". With three digits it could be an English thousands separator ("1,000"): not taken, so the
 * player is asked rather than betting a thousandth of what they meant.
 */
const decimalComma = /^(\d+),(\d{1,2})$/

/**
 * The wager as a number, or undefined when the field is empty or not a number: plain decimals ("12.5",
 * not "1e2", "0x10" or "Infinity") or a decimal comma.
 */
export function parseWager(wager: WagerInput): number | undefined {
  if (wager == null) return undefined
  if (typeof wager === 'number') return Number.isFinite(wager) ? wager : undefined
  const text = wager.trim().replace(decimalComma, '$1.$2')
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : undefined
}

/**
 * Checks a wager against the balance (TTC): set, a number, an amount the game takes (more than 0, at
 * most two decimals, one hundredth at least: `ttcAmountProblem`, as the server's schema), at most the
 * balance. The first problem found, in that order; an amount above the game's maximum is above any
 * balance.
 */
export function wagerProblem(wager: WagerInput, balance: number): WagerProblem | undefined {
  if (wager == null || String(wager).trim() === '') return 'missing'
  const amount = parseWager(wager)
  if (amount === undefined) return 'notANumber'
  const problem = ttcAmountProblem(amount)
  if (problem === 'tooLarge' || (problem === undefined && amount > balance)) return 'overBalance'
  return problem
}

/** The bet form's quick amounts (TTC), and 'max': the whole balance. */
export const quickAmounts = [10, 25, 50, 'max'] as const
export type QuickAmount = (typeof quickAmounts)[number]

/**
 * The wager field's text for a quick amount: the amount with two decimals, or for 'max' the balance
 * rounded down to a hundredth (so it never asks for more than there is).
 */
export function quickAmountWager(amount: QuickAmount, balance: number): string {
  const ttc = amount === 'max' ? Math.floor(Math.round(balance * 1000) / 10) / 100 : amount
  return ttc.toFixed(2)
}
