import { describe, expect, it } from 'vitest'
import { titleCurrency } from '../../src/domain/title-currency'

describe('titleCurrency (spec §9 default currency)', () => {
  it('quotes indices in points', () => {
    expect(titleCurrency({ type: 'index', n: 'DAX', c: ['DAX', 'DE0008469008'] })).toBe('PTS')
  })

  it('quotes crypto currencies in USD whatever their codes say', () => {
    expect(titleCurrency({ type: 'crypto_currency', n: 'Bitcoin', c: ['BTC', 'BTCEUR'] })).toBe('USD')
  })

  it('takes characters 4 to 6 of a forex pair code', () => {
    expect(titleCurrency({ type: 'forex', n: 'Euro / US Dollar', c: ['EURUSD'] })).toBe('USD')
    expect(titleCurrency({ type: 'forex', n: 'US Dollar / Yen', c: ['USDJPY'] })).toBe('JPY')
    expect(titleCurrency({ type: 'forex', n: 'Euro / Pound', c: ['EUR/GBP'] })).toBe('GBP')
    expect(titleCurrency({ type: 'forex', n: 'x', c: ['FX1', 'usdrub'] })).toBe('RUB')
  })

  it('falls back to RUB or USD by name when no code is a pair', () => {
    expect(titleCurrency({ type: 'forex', n: 'US Dollar in Russian Rubel', c: ['FXRUB1'] })).toBe('RUB')
    expect(titleCurrency({ type: 'forex', n: 'Dollar RUB', c: [] })).toBe('RUB')
    expect(titleCurrency({ type: 'forex', n: 'Dollar Index', c: ['DXY'] })).toBe('USD')
  })

  it('quotes everything else (shares, commodities) in USD', () => {
    expect(titleCurrency({ type: 'others', n: 'SAP SE', c: ['SAP', 'DE0007164600'] })).toBe('USD')
    expect(titleCurrency({ type: 'others', n: 'Gold', c: ['XAUUSD'] })).toBe('USD')
  })
})
