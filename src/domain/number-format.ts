import { ttcSymbol } from './currency'

/** Spec §9: en-US only. */
const locale = 'en-US'

// Bounded by the formats this module asks for: their decimals are few, and Intl refuses over 100.
const formatters = new Map<string, Intl.NumberFormat>()

/** How many formatters are kept (a test holds them bounded). */
export const keptNumberFormats = (): number => formatters.size

/** Intl.NumberFormat is costly to build and the live stream formats hundreds of prices a second. */
function formatter(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options)
  let known = formatters.get(key)
  if (!known) {
    known = new Intl.NumberFormat(locale, options)
    formatters.set(key, known)
  }
  return known
}

const sign = (signed: boolean): Intl.NumberFormatOptions => (signed ? { signDisplay: 'exceptZero' } : {})

/** A plain number with exactly `digits` decimals: `1,234.50`. */
export function formatDecimal(value: number, digits = 2, signed = false): string {
  return formatter({ minimumFractionDigits: digits, maximumFractionDigits: digits, ...sign(signed) }).format(
    value,
  )
}

/** Spec §9 "currency USD 2 decimals": `$1,234.50`. */
export function formatUsd(value: number, signed = false): string {
  return formatter({ style: 'currency', currency: 'USD', ...sign(signed) }).format(value)
}

/**
 * Decimals of a price: the spec's 2, and 4 below 10, where a currency pair (EUR/USD at 1.0834) or a
 * cheap coin (0.3922) moves in the third and fourth decimal. With 2 both would read the same before
 * and after the move that decides a prediction.
 */
export const priceFractionDigits = (price: number): 2 | 4 => (Math.abs(price) < 10 ? 4 : 2)

/**
 * A price in a title's currency (spec §9 default currencies): ISO codes through Intl (`€12.30`),
 * others such as an index's `PTS` as a suffix (`15,230.10 PTS`); small prices with 4 decimals.
 */
export function formatPrice(value: number, currency: string): string {
  return formatMoney(value, currency, priceFractionDigits(value))
}

/**
 * An amount in a title's currency that is not a quote (earnings or book value per share): the spec's
 * 2 decimals, however small.
 */
export function formatMoney(value: number, currency: string, digits = 2): string {
  if (currency === 'PTS' || !/^[A-Z]{3}$/.test(currency)) return `${formatDecimal(value, digits)} ${currency}`
  return formatter({
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)
}

/** Spec §9 "compact notation 1 decimal": `1.2M`, `15.3K`. */
export function formatCompact(value: number, signed = false): string {
  return formatter({ notation: 'compact', maximumFractionDigits: 1, ...sign(signed) }).format(value)
}

/** Spec §9 "percent 1 or 2 decimals" of a ratio: `formatPercent(0.1234)` is `12.3%`. */
export function formatPercent(ratio: number, digits: 1 | 2 = 1, signed = false): string {
  return formatter({
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...sign(signed),
  }).format(ratio)
}

/** A TTC amount with the game currency's symbol: `12.50 TTC`, signed `+1.00 TTC`. */
export function formatTtc(ttc: number, signed = false): string {
  return `${formatDecimal(ttc, 2, signed)} ${ttcSymbol}`
}
