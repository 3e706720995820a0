import type { TitleType } from '../api/market'

/** What the currency rule looks at. */
export interface CurrencyInput {
  type: TitleType
  /** name */
  n: string
  /** codes */
  c: readonly string[]
}

const pairCode = /^[A-Z]{3}[/ ]?[A-Z]{3}$/

/**
 * The spec's default currency: indices in points (PTS), crypto in USD, forex in the quote currency
 * (characters 4 to 6 of a pair code such as EURUSD; failing a code, RUB or USD by name), else USD.
 */
export function titleCurrency(title: CurrencyInput): string {
  if (title.type === 'index') return 'PTS'
  if (title.type !== 'forex') return 'USD'
  const pair = title.c
    .map((code) => code.toUpperCase().replace(/[/ ]/, ''))
    .find((code) => pairCode.test(code))
  if (pair) return pair.slice(3, 6)
  if (/\bRUB\b|rub(el|le)/i.test(title.n)) return 'RUB'
  return 'USD'
}
