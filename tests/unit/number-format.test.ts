import { describe, expect, it } from 'vitest'
import {
  formatCompact,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatTtc,
  formatUsd,
  keptNumberFormats,
  priceFractionDigits,
} from '../../src/domain/number-format'

describe('number formats (spec §9, en-US)', () => {
  it('formats USD with two decimals, signed on request', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(-3)).toBe('-$3.00')
    expect(formatUsd(2.5, true)).toBe('+$2.50')
    expect(formatUsd(0, true)).toBe('$0.00')
  })

  it('formats compact numbers with one decimal', () => {
    expect(formatCompact(1_234_567)).toBe('1.2M')
    expect(formatCompact(15_300)).toBe('15.3K')
    expect(formatCompact(999)).toBe('999')
    expect(formatCompact(2_500_000_000, true)).toBe('+2.5B')
  })

  it('formats ratios as percent with 1 or 2 decimals', () => {
    expect(formatPercent(0.1234)).toBe('12.3%')
    expect(formatPercent(0.1234, 2)).toBe('12.34%')
    expect(formatPercent(-0.005, 2, true)).toBe('-0.50%')
    expect(formatPercent(0.02, 1, true)).toBe('+2.0%')
  })

  it('formats prices in the title currency, index points as a suffix', () => {
    expect(formatPrice(12.3, 'EUR')).toBe('€12.30')
    expect(formatPrice(15230.1, 'PTS')).toBe('15,230.10 PTS')
    expect(formatPrice(99.999, 'USD')).toBe('$100.00')
  })

  it('gives prices under 10 four decimals, so a currency pair or a cheap coin shows its move', () => {
    expect(formatPrice(1.08342, 'USD')).toBe('$1.0834')
    expect(formatPrice(0.3922, 'USD')).toBe('$0.3922')
    expect(formatPrice(0.3864, 'USD')).not.toBe(formatPrice(0.3922, 'USD'))
    expect(formatPrice(10, 'USD')).toBe('$10.00')
    expect(priceFractionDigits(-0.5)).toBe(4)
  })

  it('formats TTC amounts with the symbol', () => {
    expect(formatTtc(12.5)).toBe('12.50 TTC')
    expect(formatTtc(1, true)).toBe('+1.00 TTC')
    expect(formatTtc(-0.25, true)).toBe('-0.25 TTC')
    expect(formatDecimal(1234.567, 1)).toBe('1,234.6')
  })

  it('formats a decimal as toLocaleString does, with a kept formatter per decimals', () => {
    const values = [0, -0, 0.5, 1.005, 2.5, -2.5, 0.000049, 1e21, -1234567.891, Number.MAX_SAFE_INTEGER, NaN]
    for (let i = 0; i < 2000; i += 1)
      values.push((i - 1000) * 13.37 + i / 7, 10 ** ((i % 30) - 10) * (1 + i / 997))
    const before = keptNumberFormats()
    for (let digits = 0; digits <= 8; digits += 1) {
      for (const value of values) {
        const expected = value.toLocaleString('en-US', {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        })
        expect(formatDecimal(value, digits), `${value} ${digits}`).toBe(expected)
      }
    }
    // 4000 values in 9 formats: one formatter each at most, not one per value
    expect(keptNumberFormats() - before).toBeLessThanOrEqual(9)
  })
})
