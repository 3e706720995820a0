import type { TitleType } from '../../src/api/market'
import type { ExchangeId } from './trading-hours'

export type InstrumentClass = 'share' | 'index' | 'crypto' | 'forex' | 'commodity'
export type Sector = 'technology' | 'automotive' | 'consumer' | 'bank' | 'industry' | 'energy' | 'health'

/** Company figures behind the fundamentals, in USD (the spec quotes shares in USD). */
export interface CompanyFigures {
  sharesOutstanding: number
  /** earnings per share, trailing twelve months */
  eps: number
  /** revenue, trailing twelve months */
  sales: number
  bookValuePerShare: number
}

/** A title of the universe with what the simulation and the message stream need to know of it. */
export interface Instrument {
  id: number
  /** full name, the title's `n` */
  name: string
  /** short name messages use ('Apple') */
  alias: string
  /** cashtag symbol without '$' ('AAPL') */
  symbol: string
  /** codes: symbol first, ISIN or pair code after */
  codes: string[]
  type: TitleType
  class: InstrumentClass
  sector?: Sector
  /** whose trading hours apply */
  exchange: ExchangeId
  /** closing price on the anchor date 2025-01-02, in the title's currency */
  startPrice: number
  /** annualised volatility of log returns */
  volatility: number
  /** annualised drift of the GBM */
  drift: number
  /** full bid/ask spread as a fraction of the price */
  spread: number
  /** decimals of quoted prices */
  decimals: number
  /** chance of a tick per tick interval while the market is open */
  tickChance: number
  /** weight in the message stream */
  buzz: number
  company?: CompanyFigures
  /** coins in circulation (crypto market cap) */
  supply?: number
}

interface ClassDefaults {
  type: TitleType
  drift: number
  spread: number
  tickChance: number
}

export const classDefaults: Record<InstrumentClass, ClassDefaults> = {
  share: { type: 'others', drift: 0.07, spread: 0.0004, tickChance: 0.6 },
  index: { type: 'index', drift: 0.06, spread: 0.0001, tickChance: 0.9 },
  crypto: { type: 'crypto_currency', drift: 0.1, spread: 0.001, tickChance: 0.8 },
  forex: { type: 'forex', drift: 0, spread: 0.0001, tickChance: 0.9 },
  commodity: { type: 'others', drift: 0.02, spread: 0.0005, tickChance: 0.7 },
}

/** Quote precision by class and price level: FX pips, cents elsewhere, more for cheap titles. */
export function decimalsFor(instrumentClass: InstrumentClass, price: number): number {
  if (instrumentClass === 'forex') return price < 20 ? 5 : 3
  if (price < 1) return 4
  if (price < 10) return 3
  return 2
}

/**
 * Reads a `|`-separated table (one instrument per line, blank lines and `#` comments skipped) into
 * rows of trimmed cells; every row must have `columns` cells, so a slip in the data fails at load.
 */
export function parseTable(table: string, columns: number): string[][] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim())
      if (cells.length !== columns) throw new Error(`universe row needs ${columns} cells: ${line}`)
      return cells
    })
}

export function numberCell(cell: string | undefined): number {
  const value = Number(cell)
  if (cell === undefined || cell === '' || !Number.isFinite(value)) throw new Error(`not a number: ${cell}`)
  return value
}
