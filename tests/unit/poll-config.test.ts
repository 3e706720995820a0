import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'
import { pollTitlesAt, tradesDuring } from '../../server/game/poll-opening'

const base = { ALPHA_SECRET: 'a-secret-of-at-least-thirty-two-characters' }
const at = (iso: string) => Date.parse(iso)
const apple = 2494
const bitcoin = 99979
const dax = 1000004

describe('poll configuration', () => {
  it('defaults to Apple, Tesla, Bitcoin, DAX and S&P 500 with a 0.1 % flat band', () => {
    const config = loadConfig(base)
    expect(config.pollTitles).toEqual([2494, 2793, 99979, 1000004, 1000000])
    expect(config.pollFlatBand).toBe(0.001)
  })

  it('reads comma-separated title ids and the flat band', () => {
    const config = loadConfig({
      ...base,
      ALPHA_POLL_TITLES: ' 99979, 2494,99979 ',
      ALPHA_POLL_FLAT_BAND: '0.002',
    })
    expect(config.pollTitles).toEqual([99979, 2494])
    expect(config.pollFlatBand).toBe(0.002)
  })

  it('refuses unknown title ids, an empty list and a band out of range', () => {
    for (const titles of ['12', '2494,abc', '2494;2793', ',', '-2494', '2494.5']) {
      expect(() => loadConfig({ ...base, ALPHA_POLL_TITLES: titles }), titles).toThrow(ConfigError)
    }
    expect(() => loadConfig({ ...base, ALPHA_POLL_TITLES: '12' })).toThrow(
      'ALPHA_POLL_TITLES: unknown title id 12',
    )
    for (const band of ['-0.1', '0.9', 'wide'])
      expect(() => loadConfig({ ...base, ALPHA_POLL_FLAT_BAND: band }), band).toThrow(ConfigError)
  })
})

describe('titles a poll opens for', () => {
  it('skips titles whose market stays shut from start to evaluation', () => {
    // Wednesday 2026-01-14 in Berlin (UTC+1): 08:00 is 07:00 UTC, New York opens 14:30 UTC.
    expect(pollTitlesAt([apple, bitcoin, dax], at('2026-01-14T07:00:00Z'))).toEqual([bitcoin, dax])
    expect(pollTitlesAt([apple, bitcoin, dax], at('2026-01-14T13:00:00Z'))).toEqual([apple, bitcoin, dax])
    expect(pollTitlesAt([apple, bitcoin, dax], at('2026-01-14T19:00:00Z'))).toEqual([apple, bitcoin])
    expect(pollTitlesAt([apple, bitcoin, dax], at('2026-01-14T01:00:00Z'))).toEqual([bitcoin])
    // Saturday 14:30: only crypto trades at the weekend.
    expect(pollTitlesAt([apple, bitcoin, dax], at('2026-01-17T13:30:00Z'))).toEqual([bitcoin])
  })

  it('counts a session that ends right after the start or opens right before the evaluation', () => {
    // Xetra closes 17:30 Berlin = 16:30 UTC in winter.
    expect(tradesDuring(dax, at('2026-01-14T16:29:00Z'), at('2026-01-14T22:29:00Z'))).toBe(true)
    expect(tradesDuring(dax, at('2026-01-14T16:30:00Z'), at('2026-01-14T22:30:00Z'))).toBe(false)
    // Xetra opens 09:00 Berlin = 08:00 UTC.
    expect(tradesDuring(dax, at('2026-01-14T02:01:00Z'), at('2026-01-14T08:01:00Z'))).toBe(true)
    expect(tradesDuring(dax, at('2026-01-14T02:00:00Z'), at('2026-01-14T08:00:00Z'))).toBe(false)
  })
})
