import { describe, expect, it } from 'vitest'
import type { MessageStore } from '../../server/market/messages.repo'
import { SimulatedMarket } from '../../server/market/simulated-market'
import type { ServerMessage, Tick } from '../../src/api/market'

const utc = (iso: string) => Date.parse(`${iso}Z`)

function memoryStore(): MessageStore & { saved: ServerMessage[] } {
  const saved: ServerMessage[] = []
  return {
    saved,
    async save(messages) {
      const fresh = messages.filter((message) => !saved.some((m) => m.message_id === message.message_id))
      saved.push(...fresh)
      return fresh
    },
    async recent(sinceMs, limit) {
      return saved
        .filter((m) => m.t * 1000 > sinceMs)
        .sort((a, b) => b.t - a.t)
        .slice(0, limit)
    },
    async find(id) {
      return saved.find((m) => m.message_id === id)
    },
    async prune() {},
  }
}

function market(start: number, seed = 'test') {
  let now = start
  const store = memoryStore()
  const source = new SimulatedMarket({
    clock: { now: () => now },
    seed,
    tickIntervalMs: 1000,
    messageIntervalMs: 15_000,
    store,
    avatarUrl: (handle) => `http://localhost/${handle}.svg`,
  })
  return { source, store, advance: (ms: number) => (now += ms), now: () => now }
}

const saturday = utc('2025-03-15T12:00:00')
const wednesday = utc('2025-03-12T15:00:00')

describe('simulated market source', () => {
  it('lists the universe and answers unknown ids with undefined', async () => {
    const { source } = market(wednesday)
    expect(source.titles().length).toBeGreaterThanOrEqual(60)
    expect(source.title(2494)?.n).toBe('Apple Inc.')
    expect(source.latestTick(42)).toBeUndefined()
    expect(await source.history(42, 'today')).toBeUndefined()
    expect(await source.fundamentals(42)).toBeUndefined()
  })

  it('moves open markets with the clock and freezes closed ones', () => {
    const { source, advance } = market(saturday)
    const apple = source.latestTick(2494)
    const bitcoin = source.latestTick(99979)
    expect(source.isOpen(2494)).toBe(false)
    expect(apple?.t).toBe(utc('2025-03-14T20:00:00'))
    advance(3 * 3_600_000)
    expect(source.latestTick(2494)).toEqual(apple)
    expect(source.latestTick(99979)?.l).not.toBe(bitcoin?.l)
  })

  it("sends the previous close with each tick: the fundamentals' one, while open and after the close", async () => {
    for (const at of [wednesday, saturday]) {
      const { source } = market(at)
      const tick = source.latestTick(2494)
      const fundamentals = await source.fundamentals(2494)
      expect(tick?.pc).toBeGreaterThan(0)
      expect(tick?.pc).toBe(fundamentals?.previousClose)
    }
    const { source } = market(wednesday)
    const ticks = source.tickRound()
    expect(ticks.length).toBeGreaterThan(0)
    for (const tick of ticks) expect(tick.pc).toBe(source.latestTick(tick.id)?.pc)
  })

  it('prices a past moment like the tick of that moment', async () => {
    const { source, advance } = market(wednesday)
    const then = source.latestTick(2494)
    advance(3 * 3_600_000)
    expect(await source.priceAt(2494, wednesday)).toBe(then?.l)
  })

  it('gives the same market for the same seed', () => {
    const a = market(wednesday, 'seed-1').source
    const b = market(wednesday, 'seed-1').source
    const c = market(wednesday, 'seed-2').source
    expect(b.latestTick(2494)).toEqual(a.latestTick(2494))
    expect(c.latestTick(2494)?.l).not.toBe(a.latestTick(2494)?.l)
  })

  it('ticks only titles whose market is open, some of them each round', () => {
    const { source, advance } = market(saturday)
    const received: Tick[] = []
    const unsubscribe = source.onTick((tick) => received.push(tick))
    const counts: number[] = []
    for (let round = 0; round < 20; round += 1) {
      counts.push(source.tickRound().length)
      advance(1000)
    }
    const open = source.titles().filter((title) => source.isOpen(title.id))
    expect(open.every((title) => title.type === 'crypto_currency')).toBe(true)
    expect(new Set(received.map((tick) => tick.id))).toEqual(new Set(open.map((title) => title.id)))
    expect(Math.max(...counts)).toBeLessThanOrEqual(open.length)
    expect(counts.some((count) => count < open.length)).toBe(true)
    for (const tick of received) expect(tick.b < tick.l && tick.l < tick.a && tick.s === 'sp').toBe(true)
    unsubscribe()
    source.tickRound()
    expect(received.length).toBe(counts.reduce((a, b) => a + b, 0))
  })

  it('lists recent messages without writing a row', async () => {
    const { source, store } = market(wednesday)
    const recent = await source.recentMessages({ sinceMs: wednesday - 86_400_000, limit: 50 })
    expect(recent.length).toBe(50)
    expect(recent.map((m) => m.t)).toEqual([...recent.map((m) => m.t)].sort((a, b) => b - a))
    expect(recent[0]?.t).toBeLessThanOrEqual(wednesday / 1000)
    expect(store.saved).toHaveLength(0)
  })

  it('talks mostly of the titles that trade: on a Saturday, the crypto currencies', async () => {
    const saturday = utc('2025-03-15T12:00:00')
    const { source } = market(saturday)
    const recent = await source.recentMessages({ sinceMs: saturday - 3_600_000, limit: 50 })
    const trading = recent.filter((message) => {
      const first = source.title(message.titles[0]?.title_id ?? 0)
      return first?.type === 'crypto_currency'
    })
    // at full buzz whatever the market, about one in nine (the crypto currencies' share of the buzz)
    expect(trading.length).toBeGreaterThan(30)
  })

  it('publishes due messages: stored before listeners hear them, once each, cheap after a jump', async () => {
    const { source, store, advance } = market(wednesday)
    const heard: ServerMessage[] = []
    source.onMessage((message) => {
      expect(store.saved).toContain(message)
      heard.push(message)
    })
    const first = await source.publishDueMessages()
    expect(first.length).toBeGreaterThan(50)
    expect(first.length).toBeLessThanOrEqual(60)
    advance(60_000)
    await Promise.all([source.publishDueMessages(), source.publishDueMessages()])
    expect(new Set(heard.map((m) => m.message_id)).size).toBe(heard.length)
    expect(store.saved).toHaveLength(heard.length)
    advance(3 * 3_600_000)
    expect((await source.publishDueMessages()).length).toBeLessThanOrEqual(60)
    const recent = await source.recentMessages({ sinceMs: 0, limit: 1000 })
    expect(new Set(recent.map((m) => m.message_id)).size).toBe(recent.length)
    expect((recent[0]?.t ?? 0) * 1000).toBeGreaterThan(wednesday + 3 * 3_600_000 - 60_000)
  })

  it('finds a message by id, stored or rebuilt, but none from the future', async () => {
    const { source, advance } = market(wednesday)
    const [newest] = await source.recentMessages({ sinceMs: 0, limit: 1 })
    expect(newest).toBeDefined()
    expect(await source.message(newest?.message_id ?? '')).toEqual(newest)
    const [published] = await source.publishDueMessages()
    expect(await source.message(published?.message_id ?? '')).toEqual(published)
    const [seed, slot] = (newest?.message_id ?? '').split('-')
    const later = `${seed}-${(Number.parseInt(slot ?? '', 36) + 2).toString(36)}`
    expect(await source.message(later)).toBeUndefined()
    advance(60_000)
    expect((await source.message(later))?.message_id).toBe(later)
    expect(await source.message('nonsense')).toBeUndefined()
    expect(await source.message('zz-1')).toBeUndefined()
  })

  it('starts and stops its timer', () => {
    const { source } = market(wednesday)
    source.start()
    source.start()
    source.stop()
    source.stop()
  })
})
