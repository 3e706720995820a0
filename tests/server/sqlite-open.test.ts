import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { connectDatabase, sqliteFileOf } from '../../server/db/connect'
import { startNode } from '../support/processes'

const dataDirs: string[] = []
afterEach(() => {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('opening the SQLite file', () => {
  it("waits for another process's write lock on a new file instead of failing with 'database is locked'", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'alpha-open-'))
    dataDirs.push(dataDir)
    // another process (a second `npm run admin`, or the server) writing to the file, not yet in WAL mode
    const holder = startNode(
      [
        '-e',
        `const SQLite = require('better-sqlite3')
         const db = new SQLite(${JSON.stringify(sqliteFileOf(dataDir))})
         db.exec('create table held (x)')
         db.exec('begin immediate')
         db.exec('insert into held values (1)')
         console.log('holding')
         setTimeout(() => { db.exec('commit'); db.close() }, 300)`,
      ],
      {},
    )
    await holder.waitForOutput(/holding/)
    const db = connectDatabase({ dataDir })
    try {
      const { rows } = await sql<{ x: number }>`select x from held`.execute(db)
      expect(rows).toEqual([{ x: 1 }])
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)
      expect(mode).toEqual([{ journalMode: 'wal' }])
    } finally {
      await db.destroy()
      await holder.exited
    }
  })
})
