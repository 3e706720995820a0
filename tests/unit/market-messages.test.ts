import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { authors } from '../../server/market/authors'
import { identiconSvg } from '../../server/market/avatars'
import type { Instrument } from '../../server/market/instrument'
import {
  type MessageGeneratorOptions,
  messageForSlot,
  messagesBetween,
  messageTime,
  shutMarketBuzzShare,
} from '../../server/market/messages'
import { calendarOf } from '../../server/market/trading-hours'
import { instrumentById, instruments } from '../../server/market/universe'
import { serverMessageSchema } from '../../src/api/market'
import { keptNumberFormats } from '../../src/domain/number-format'

const options = (seed = 5): MessageGeneratorOptions => ({
  seed,
  instruments,
  intervalMs: 20_000,
  avatarUrl: (handle) => `https://alpha.test/v1/market/avatars/${handle}.svg`,
  priceAt: (instrument) => instrument.startPrice,
})
const slots = Array.from({ length: 600 }, (_, i) => 86_000_000 + i)
const sample = slots.map((slot) => messageForSlot(options(), slot))

describe('message stream', () => {
  it('writes messages in the server shape with exact title indices', () => {
    for (const message of sample) {
      expect(serverMessageSchema.parse(message)).toEqual(message)
      expect(message.titles.length).toBeGreaterThan(0)
      for (const mention of message.titles) {
        const instrument = instrumentById(mention.title_id)
        expect(instrument).toBeDefined()
        const text = message.tweet.slice(mention.start_index, mention.end_index)
        expect([`$${instrument?.symbol}`, instrument?.alias]).toContain(text)
      }
    }
  })

  it('mentions by cashtag and by name, with links, sub-texts and every mood', () => {
    const tweets = sample.map((message) => message.tweet)
    expect(tweets.some((tweet) => /\$[A-Z]{2,}/.test(tweet))).toBe(true)
    expect(sample.some((m) => m.titles.some((t) => !m.tweet.slice(t.start_index).startsWith('$')))).toBe(true)
    expect(tweets.some((tweet) => tweet.includes('https://'))).toBe(true)
    expect(sample.filter((message) => message.sub).length).toBeGreaterThan(60)
    expect(sample.filter((message) => message.titles.length === 2).length).toBeGreaterThan(20)
    expect(tweets.some((tweet) => /buy|long|breaking out|higher lows/i.test(tweet))).toBe(true)
    expect(tweets.some((tweet) => /sold|short|bears|support|sliding/i.test(tweet))).toBe(true)
    expect(tweets.some((tweet) => /watching|sideways|what do you think|quiet/i.test(tweet))).toBe(true)
  })

  it('comes from at least 30 authors with server-made avatars', () => {
    expect(new Set(authors.map((author) => author.handle)).size).toBeGreaterThanOrEqual(30)
    const used = new Set(sample.map((message) => message.twitter_user.screen_name))
    expect(used.size).toBeGreaterThanOrEqual(30)
    for (const { twitter_user: user } of sample)
      expect(user.profile_image_url).toBe(`https://alpha.test/v1/market/avatars/${user.screen_name}.svg`)
  })

  it('is deterministic from the seed', () => {
    expect(messageForSlot(options(5), 1234)).toEqual(messageForSlot(options(5), 1234))
    expect(messageForSlot(options(6), 1234).message_id).not.toBe(messageForSlot(options(5), 1234).message_id)
    const tweets5 = slots.slice(0, 20).map((slot) => messageForSlot(options(5), slot).tweet)
    const tweets6 = slots.slice(0, 20).map((slot) => messageForSlot(options(6), slot).tweet)
    expect(tweets6).not.toEqual(tweets5)
  })

  it('dates each message inside its slot in epoch seconds', () => {
    for (const slot of slots.slice(0, 50)) {
      const time = messageTime(options(), slot)
      expect(time).toBeGreaterThanOrEqual(slot * 20_000)
      expect(time).toBeLessThan((slot + 1) * 20_000)
      expect(messageForSlot(options(), slot).t).toBe(Math.floor(time / 1000))
    }
  })

  it('lists the messages of a window once, oldest first, whatever the steps', () => {
    const start = 1_741_780_800_000
    const whole = messagesBetween(options(), start, start + 3_600_000)
    expect(whole.length).toBeGreaterThanOrEqual(179)
    expect(whole.length).toBeLessThanOrEqual(181)
    const stepped = [0, 1, 2, 3].flatMap((i) =>
      messagesBetween(options(), start + i * 900_000, start + (i + 1) * 900_000),
    )
    expect(stepped).toEqual(whole)
    const times = whole.map((message) => message.t)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })
})

describe('what the messages talk about', () => {
  const trades = (instrument: Instrument, t: number) => calendarOf(instrument.exchange).isOpen(t)
  const tradingAt = (t: number) => (instrument: Instrument) => trades(instrument, t)
  /** The share of a day's messages whose first title's market trades when it is written. */
  function tradingShare(generator: MessageGeneratorOptions, dayIso: string): number {
    const messages = messagesBetween(
      generator,
      Date.parse(`${dayIso}T00:00:00Z`),
      Date.parse(`${dayIso}T23:59:59Z`),
    )
    const open = messages.filter((message) => {
      const first = instrumentById(message.titles[0]?.title_id ?? 0)
      return first !== undefined && trades(first, message.t * 1000)
    })
    return open.length / messages.length
  }

  it('is mostly the markets that trade: on a weekend the crypto currencies, not the shut share markets', () => {
    // a Saturday: only the crypto currencies trade, 19 of the universe's 176 points of buzz
    expect(tradingShare({ ...options(3), tradingAt }, '2026-11-28')).toBeGreaterThan(0.6)
    // every title at its full buzz whatever its market: nearly nine messages in ten nobody could predict on
    expect(tradingShare(options(3), '2026-11-28')).toBeLessThan(0.2)
    // a weekday: most markets trade for part of it, and the messages follow them round the clock
    expect(tradingShare({ ...options(3), tradingAt }, '2026-11-30')).toBeGreaterThan(0.85)
  })

  it('still lets a shut market be talked about now and then', () => {
    const saturday = messagesBetween(
      { ...options(3), tradingAt },
      Date.parse('2026-11-28T00:00:00Z'),
      Date.parse('2026-11-28T23:59:59Z'),
    )
    const shut = saturday.filter((message) => {
      const first = instrumentById(message.titles[0]?.title_id ?? 0)
      return first !== undefined && !trades(first, message.t * 1000)
    })
    expect(shutMarketBuzzShare).toBeGreaterThan(0)
    expect(shut.length).toBeGreaterThan(0)
  })
})

describe('message texts', () => {
  it('are those of the generator as first released, prices in every decimals included', () => {
    // prices from cents to millions, so {P} and {T} meet every title's decimals and thousands separators
    const moving: MessageGeneratorOptions = {
      ...options(11),
      priceAt: (instrument, t) => instrument.startPrice * 10 ** ((Math.floor(t / 1000) % 9) - 4),
    }
    const texts = Array.from({ length: 3000 }, (_, i) => messageForSlot(moving, 86_000_000 + i * 7))
      .map((message) => `${message.tweet}|${message.sub ?? ''}`)
      .join('\n')
    expect(texts).toMatch(/\d,\d{3}\.\d{2}/)
    expect(createHash('sha256').update(texts).digest('hex')).toBe(
      '6c577950e42cfcf7260b1dabe993807654422d6d837b8ff3cf50123408adfa8e',
    )
  })

  it('format prices with a kept formatter per decimals, not one per price', () => {
    const localeFormatting = vi.spyOn(Number.prototype, 'toLocaleString')
    try {
      const before = keptNumberFormats()
      for (let slot = 0; slot < 2000; slot += 1) messageForSlot(options(12), 86_000_000 + slot)
      expect(localeFormatting).not.toHaveBeenCalled()
      const decimals = new Set(
        instruments.flatMap((instrument) => [instrument.decimals, Math.min(instrument.decimals, 2)]),
      )
      expect(keptNumberFormats() - before).toBeLessThanOrEqual(decimals.size)
    } finally {
      localeFormatting.mockRestore()
    }
  })
})

describe('identicon avatars', () => {
  it('draws the same SVG for a handle and different ones for different handles', () => {
    const svg = identiconSvg('quietquant')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/)
    expect(identiconSvg('QuietQuant')).toBe(svg)
    expect(new Set(authors.map((author) => identiconSvg(author.handle))).size).toBe(authors.length)
  })
})
