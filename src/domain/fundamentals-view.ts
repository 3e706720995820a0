import type { Fundamentals } from '../api/market'
import { formatCompact, formatDecimal, formatMoney, formatPrice } from './number-format'

/** One line of the Fundamentals tab: the spec's figure and its value as shown. */
export interface FundamentalRow {
  readonly label: string
  /** '—' where the figure does not apply to the title (indices, currencies, metals) */
  readonly value: string
}

/** Shown for a figure that is null. */
export const notApplicable = '—'

const or = <T>(value: T | null, format: (value: T) => string) =>
  value === null ? notApplicable : format(value)

/** Large amounts (market cap, yearly sales) in compact notation with the currency: '2.9T USD'. */
const compactAmount = (currency: string) => (value: number) => `${formatCompact(value)} ${currency}`

/**
 * Spec §2 "Fundamentals shown", in its order: amounts in the title's currency, market cap and sales in
 * compact notation, RSI with one decimal and the ratios with two.
 */
export function fundamentalRows(fundamentals: Fundamentals): FundamentalRow[] {
  const { currency } = fundamentals
  const price = (value: number) => formatPrice(value, currency)
  const perShare = (value: number) => formatMoney(value, currency)
  return [
    { label: 'Market cap', value: or(fundamentals.marketCap, compactAmount(currency)) },
    { label: 'Previous close', value: price(fundamentals.previousClose) },
    { label: '52-week high', value: price(fundamentals.week52High) },
    { label: '52-week low', value: price(fundamentals.week52Low) },
    { label: 'Earnings per share', value: or(fundamentals.earnings, perShare) },
    { label: 'Sales', value: or(fundamentals.sales, compactAmount(currency)) },
    { label: 'Book value per share', value: or(fundamentals.bookValue, perShare) },
    { label: '50-day moving average', value: or(fundamentals.sma50, price) },
    { label: 'RSI(14)', value: or(fundamentals.rsi14, (value) => formatDecimal(value, 1)) },
    { label: 'PE ratio', value: or(fundamentals.pe, (value) => formatDecimal(value, 2)) },
    { label: 'PB ratio', value: or(fundamentals.pb, (value) => formatDecimal(value, 2)) },
    { label: 'PS ratio', value: or(fundamentals.ps, (value) => formatDecimal(value, 2)) },
  ]
}
