import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { connectDatabase, FifoMutex } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { inWriteTransaction, maxWritesPerCommit, writeQueueStats } from '../../server/db/write-batch'

describe('group commit of short writes on SQLite', () => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function database(): Promise<Db> {
    const dataDir = mkdtempSync(join(tmpdir(), 'alpha-write-batch-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const db = connectDatabase({ dataDir })
    cleanups.push(() => db.destroy())
    await sql`create table items (id integer primary key, name text not null unique)`.execute(db)
    return db
  }

  const insert = (db: Db, name: string) =>
    inWriteTransaction(db, async (tx) => {
      await sql`insert into items (name) values (${name})`.execute(tx)
      return name
    })

  const names = async (db: Db) =>
    (await sql<{ name: string }>`select name from items order by name`.execute(db)).rows.map((r) => r.name)

  it('commits writes queued together once, each answering only after the commit', async () => {
    const db = await database()
    const before = writeQueueStats(db)
    const wanted = Array.from({ length: 20 }, (_, k) => `w${String(k).padStart(2, '0')}`)
    const answers = await Promise.all(wanted.map((name) => insert(db, name)))
    expect(answers).toEqual(wanted)
    expect(await names(db)).toEqual(wanted)
    const after = writeQueueStats(db)
    expect(after.writes - before.writes).toBe(20)
    expect(after.commits - before.commits).toBe(1)
  })

  it('rolls a failed write back alone: the others of its group commit', async () => {
    const db = await database()
    const outcomes = await Promise.allSettled([
      insert(db, 'a'),
      inWriteTransaction(db, async (tx) => {
        await sql`insert into items (name) values ('half')`.execute(tx)
        throw new Error('refused')
      }),
      insert(db, 'a'),
      insert(db, 'b'),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('refused')
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain('UNIQUE')
    expect(await names(db)).toEqual(['a', 'b'])
  })

  it('rejects every write of a group whose transaction breaks, and keeps none of them', async () => {
    const db = await database()
    const outcomes = await Promise.allSettled([
      insert(db, 'x'),
      inWriteTransaction(db, async (tx) => {
        await sql`rollback`.execute(tx)
      }),
      insert(db, 'y'),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect(await names(db)).toEqual([])
    // the queue goes on
    expect(await insert(db, 'z')).toBe('z')
    expect(await names(db)).toEqual(['z'])
  })

  it('has counted a lone write by the time it answers, and a lone write that failed not at all', async () => {
    const db = await database()
    const before = writeQueueStats(db)
    await insert(db, 'alone')
    const after = writeQueueStats(db)
    expect(after.commits - before.commits).toBe(1)
    expect(after.writes - before.writes).toBe(1)
    await expect(insert(db, 'alone')).rejects.toThrow(/UNIQUE/)
    expect(writeQueueStats(db)).toEqual(after)
  })

  it('commits at most maxWritesPerCommit writes at once and takes the rest in the next group', async () => {
    const db = await database()
    const before = writeQueueStats(db)
    const count = maxWritesPerCommit + 5
    await Promise.all(Array.from({ length: count }, (_, k) => insert(db, `n${k}`)))
    const after = writeQueueStats(db)
    expect(after.writes - before.writes).toBe(count)
    expect(after.commits - before.commits).toBe(2)
    expect(await names(db)).toHaveLength(count)
  })
})

describe('the SQLite connection mutex', () => {
  it('hands the connection over first come, first served', async () => {
    const mutex = new FifoMutex()
    const order: number[] = []
    await mutex.lock()
    const waiting = [1, 2, 3].map((k) =>
      mutex.lock().then(() => {
        order.push(k)
        mutex.unlock()
      }),
    )
    mutex.unlock()
    await Promise.all(waiting)
    expect(order).toEqual([1, 2, 3])
    // free again: taken at once
    await mutex.lock()
    mutex.unlock()
  })
})
