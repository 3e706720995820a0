import { describe, expect, it } from 'vitest'
import { builtMessagesKept, MessageFeed } from '../../server/market/message-feed'
import { type MessageGeneratorOptions, messageForSlot, messagesBetween } from '../../server/market/messages'
import type { MessageStore } from '../../server/market/messages.repo'
import { instruments } from '../../server/market/universe'
import type { ServerMessage } from '../../src/api/market'

const intervalMs = 20_000
const start = 1_741_780_800_000

/** A generator that counts its price reads: one per message built. */
function countingGenerator(): MessageGeneratorOptions & { built: () => number } {
  let reads = 0
  return {
    seed: 9,
    instruments,
    intervalMs,
    avatarUrl: (handle) => `https://alpha.test/v1/market/avatars/${handle}.svg`,
    priceAt: (instrument, t) => {
      reads += 1
      return instrument.startPrice * (1 + ((t / 1000) % 50) / 1000)
    },
    built: () => reads,
  }
}

/** A store that keeps nothing: every read builds the due messages. */
const emptyStore: MessageStore = {
  save: async () => [],
  recent: async () => [],
  find: async () => undefined,
  prune: async () => undefined,
}

function feedAt(generator: MessageGeneratorOptions) {
  const clock = { t: start, now: () => clock.t }
  return { clock, feed: new MessageFeed(generator, emptyStore, clock) }
}

const slotOf = (message: ServerMessage) => Number.parseInt(message.message_id.split('-')[1] ?? '', 36)

describe('messages built by the feed', () => {
  it('equal the messages of their slots, as reads and as lookups by id, while the clock moves', async () => {
    const generator = countingGenerator()
    const { clock, feed } = feedAt(generator)
    let compared = 0
    for (let step = 0; step < 400; step += 1) {
      clock.t += 1_000 + ((step * 7_919) % 45_000)
      const recent = await feed.recent(clock.t - 3_600_000, 500)
      // the defining computation: the messages of the catch-up window, newest first
      const expected = messagesBetween(generator, clock.t - 60 * intervalMs, clock.t).reverse()
      expect(recent).toEqual(expected)
      for (const message of recent.slice(0, 3)) {
        expect(await feed.message(message.message_id)).toEqual(messageForSlot(generator, slotOf(message)))
      }
      compared += recent.length
    }
    expect(compared).toBeGreaterThan(10_000)
  })

  it('builds each slot once however often it is read, and shares it frozen', async () => {
    const generator = countingGenerator()
    const { clock, feed } = feedAt(generator)
    clock.t += 3_600_000
    const first = await feed.recent(clock.t - 3_600_000, 500)
    const built = generator.built()
    expect(built).toBe(first.length)
    for (let read = 0; read < 10; read += 1)
      expect(await feed.recent(clock.t - 3_600_000, 500)).toEqual(first)
    const again = first[0] && (await feed.message(first[0].message_id))
    expect(again).toBe(first[0])
    expect(generator.built()).toBe(built)
    expect(Object.isFrozen(first[0]?.titles[0])).toBe(true)
  })

  it('builds no message of a slot not yet due', async () => {
    const generator = countingGenerator()
    const { feed } = feedAt(generator)
    const later = messagesBetween(generator, start + 60_000, start + 600_000)[0]
    expect(later).toBeDefined()
    const reads = generator.built()
    expect(await feed.message(later?.message_id ?? '')).toBeUndefined()
    expect(generator.built()).toBe(reads)
  })

  it('keeps a bounded number of built messages', async () => {
    const { clock, feed } = feedAt(countingGenerator())
    for (let step = 0; step < 200; step += 1) {
      clock.t += 60 * intervalMs
      await feed.recent(clock.t - 3_600_000, 500)
    }
    expect(feed.builtMessages).toBeGreaterThan(0)
    expect(feed.builtMessages).toBeLessThanOrEqual(builtMessagesKept)
  })
})
