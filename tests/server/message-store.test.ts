import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/database'
import { type MessageGeneratorOptions, messagesBetween } from '../../server/market/messages'
import {
  databaseMessageStore,
  newestIdsFreshMs,
  newestMessageIds,
  parsedMessagesKept,
} from '../../server/market/messages.repo'
import { instruments } from '../../server/market/universe'
import type { ServerMessage } from '../../src/api/market'
import { dialects } from '../support/databases'
import { postgresRowsVisited, sqlitePlan } from '../support/statement-plans'
import { openTestDatabase } from '../support/test-database'

const intervalMs = 20_000
const start = 1_741_780_800_000
const generator: MessageGeneratorOptions = {
  seed: 4,
  instruments,
  intervalMs,
  avatarUrl: (handle) => `https://alpha.test/v1/market/avatars/${handle}.svg`,
  priceAt: (instrument, t) => instrument.startPrice * (1 + ((t / 1000) % 40) / 1000),
}
/** The messages of `count` slots from `from` on, oldest first. */
const messagesOf = (from: number, count: number) =>
  messagesBetween(generator, from, from + count * intervalMs - 1)
const newestFirst = (messages: ServerMessage[]) => [...messages].sort((a, b) => b.t - a.t)

/**
 * The stored messages as the untagged list reads them (the newest 200 for every call): each parsed
 * once and shared, while what is stored, added and pruned shows at the next read.
 */
describe.each(dialects)('the message store on %s', (dialect) => {
  let db: Db
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(dialect))
  })
  afterAll(() => close())

  it('reads the newest messages parsed once, shared frozen, with each new and pruned one at the next read', async () => {
    const store = databaseMessageStore(db)
    const first = messagesOf(start, 30)
    await store.save(first)
    const read = await store.recent(start - 1, 20)
    expect(read).toEqual(newestFirst(first).slice(0, 20))
    const again = await store.recent(start - 1, 20)
    // the same objects: parsed once, not per call
    for (const [k, message] of again.entries()) expect(message).toBe(read[k])
    expect(Object.isFrozen(read[0])).toBe(true)
    expect(Object.isFrozen(read[0]?.titles)).toBe(true)
    expect(await store.find(read[3]?.message_id ?? '')).toEqual(read[3])

    const later = messagesOf(start + 30 * intervalMs, 2)
    await store.save(later)
    expect(await store.recent(start - 1, 20)).toEqual(newestFirst([...first, ...later]).slice(0, 20))
    // the oldest ten go; a reader who asks for them all sees the rest
    const tenth = first[10] as ServerMessage
    await store.prune(tenth.t * 1000)
    expect(await store.recent(start - 1, 100)).toEqual(newestFirst([...first.slice(10), ...later]))
    expect(await store.find(first[12]?.message_id ?? '')).toEqual(first[12])
    expect(await store.find(first[0]?.message_id ?? '')).toBeUndefined()
  })

  it('reads more messages than it keeps parsed, all of them in order', async () => {
    const store = databaseMessageStore(db)
    const from = start + 86_400_000
    const many = messagesOf(from, parsedMessagesKept + 50)
    await store.save(many)
    const read = await store.recent(from - 1, many.length)
    expect(read.map((message) => message.message_id)).toEqual(
      newestFirst(many).map((message) => message.message_id),
    )
    expect(await store.recent(from - 1, many.length)).toEqual(read)
  })

  it("reads the newest ids as a page from the index's end, not the whole window sorted", async () => {
    // a day of messages in the window, 200 asked for (the untagged list's read)
    const from = start + 10 * 86_400_000
    await databaseMessageStore(db).save(messagesOf(from, 4320))
    const statement = newestMessageIds(db, from - 1, 200).compile()
    if (dialect === 'sqlite') {
      const plan = (await sqlitePlan(db, statement)).join('\n')
      expect(plan).toContain('USING COVERING INDEX market_messages_newest')
      expect(plan).not.toContain('TEMP B-TREE')
    } else {
      await sql`analyze market_messages`.execute(db)
      expect(await postgresRowsVisited(db, statement, 'market_messages')).toBeLessThanOrEqual(400)
    }
  })

  it("answers reads from its last one for a while: another process's messages show after it, its own at once", async () => {
    let clock = 0
    const store = databaseMessageStore(db, () => clock)
    const other = databaseMessageStore(db)
    const from = start + 20 * 86_400_000
    const first = messagesOf(from, 5)
    await store.save(first)
    expect(await store.recent(from - 1, 200)).toEqual(newestFirst(first))
    const byOther = messagesOf(from + 5 * intervalMs, 2)
    await other.save(byOther)
    clock += newestIdsFreshMs - 1
    expect(await store.recent(from - 1, 200)).toEqual(newestFirst(first))
    // a narrower ask (a later start, fewer rows) is cut from the same read
    const second = first[1] as ServerMessage
    expect(await store.recent(second.t * 1000, 2)).toEqual(newestFirst(first).slice(0, 2))
    clock += 1
    expect(await store.recent(from - 1, 200)).toEqual(newestFirst([...first, ...byOther]))
    const mine = messagesOf(from + 7 * intervalMs, 1)
    await store.save(mine)
    expect(await store.recent(from - 1, 200)).toEqual(newestFirst([...first, ...byOther, ...mine]))
    // a wider ask than the read kept (an earlier start) reads again
    const late = messagesOf(from + 8 * intervalMs, 1)
    await other.save(late)
    expect(await store.recent(from - 2, 200)).toEqual(newestFirst([...first, ...byOther, ...mine, ...late]))
  })
})
