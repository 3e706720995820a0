import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, sqliteFileOf } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { verifyLedger } from '../../server/game/verify-ledger'
import { signUpPlayer } from '../support/accounts'
import { runTsx } from '../support/processes'
import { startTestServer, type TestServer } from '../support/test-server'

async function countRows(db: Db, table: 'users' | 'ledger'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('npm run admin -- backup', () => {
  let server: TestServer
  let backupDir: string
  beforeAll(async () => {
    server = await startTestServer('sqlite')
    backupDir = mkdtempSync(join(tmpdir(), 'alpha-backup-'))
  })
  afterAll(async () => {
    await server.stop()
    rmSync(backupDir, { recursive: true, force: true })
  })
  const backUp = (args: string[], env: Record<string, string> = {}) =>
    runTsx('server/admin.ts', ['backup', ...args], { ALPHA_DATA_DIR: server.dataDir, ...env })

  it('copies the database while players sign up: the copy opens, its books verify, it holds a snapshot', async () => {
    for (let i = 0; i < 3; i++) await signUpPlayer(server)
    const usersBefore = await countRows(server.ctx.db, 'users')

    // players keep signing up (an account, its wallet and the grant's ledger row each) during the copy
    let copying = true
    let signedUpMeanwhile = 0
    const writer = (async () => {
      while (copying) {
        await signUpPlayer(server)
        signedUpMeanwhile += 1
      }
    })()
    const destination = join(backupDir, 'alpha.sqlite')
    const run = await backUp([destination])
    copying = false
    await writer

    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout.trim()).toMatch(/^backup written: .*alpha\.sqlite \(\d+ bytes\)$/)
    expect(signedUpMeanwhile).toBeGreaterThan(0)
    // nothing but the copy is left in its folder
    expect(readdirSync(backupDir)).toEqual(['alpha.sqlite'])

    const copy = connectDatabase({ dataDir: backupDir })
    try {
      const verdict = await verifyLedger(copy)
      expect(verdict).toMatchObject({ ok: true })
      const copied = await countRows(copy, 'users')
      expect(copied).toBeGreaterThanOrEqual(usersBefore)
      expect(copied).toBeLessThanOrEqual(usersBefore + signedUpMeanwhile)
      // a snapshot: every copied player has their grant, no more and no less
      expect(await countRows(copy, 'ledger')).toBe(copied)
    } finally {
      await copy.destroy()
    }
  })

  it('refuses, with exit code 2 and a message, what it cannot do, and writes nothing', async () => {
    const kept = join(backupDir, 'kept.sqlite')
    writeFileSync(kept, 'an older backup')
    const missingData = join(backupDir, 'no-such-data')
    const filesBefore = readdirSync(backupDir).sort()
    const [exists, noData, postgres, noFile, noFolder] = await Promise.all([
      backUp([kept]),
      backUp([join(backupDir, 'from-nothing.sqlite')], { ALPHA_DATA_DIR: missingData }),
      backUp([join(backupDir, 'from-postgres.sqlite')], { DATABASE_URL: 'postgres://127.0.0.1:1/none' }),
      backUp([]),
      backUp([join(backupDir, 'no-folder', 'alpha.sqlite')]),
    ])
    for (const refused of [exists, noData, postgres, noFile, noFolder]) {
      expect(refused.code).toBe(2)
      expect(refused.stdout).toBe('')
      expect(refused.stderr).not.toMatch(/\n\s+at /)
    }
    expect(exists.stderr).toContain(
      'kept.sqlite exists: a backup is written to a new file and overwrites nothing',
    )
    expect(readFileSync(kept, 'utf8')).toBe('an older backup')
    expect(noData.stderr).toContain(`there is no database at ${sqliteFileOf(missingData)}`)
    // not even the data folder (or a secret key in it) was made
    expect(existsSync(missingData)).toBe(false)
    expect(postgres.stderr).toContain('use pg_dump')
    expect(noFile.stderr).toContain('backup needs one FILE to write')
    expect(noFolder.stderr).toContain(`there is no folder ${join(backupDir, 'no-folder')}`)
    expect(readdirSync(backupDir).sort()).toEqual(filesBefore)
  })

  it('fails with exit code 1 and a line, leaving no file behind, when the copy fails half-way', async () => {
    // a database with a page overwritten in its middle: the copy has begun when it reads that page
    const brokenDir = mkdtempSync(join(tmpdir(), 'alpha-broken-'))
    const sqlite = new SQLite(sqliteFileOf(brokenDir))
    sqlite.exec('create table t (x text)')
    const insert = sqlite.prepare('insert into t values (?)')
    sqlite.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`row ${i}`.padEnd(100))
    })()
    sqlite.close()
    const fd = openSync(sqliteFileOf(brokenDir), 'r+')
    writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, 20 * 4096)
    closeSync(fd)

    const filesBefore = readdirSync(backupDir).sort()
    try {
      const failed = await backUp([join(backupDir, 'from-broken.sqlite')], { ALPHA_DATA_DIR: brokenDir })
      expect(failed.code).toBe(1)
      expect(failed.stdout).toBe('')
      expect(failed.stderr.trim()).toBe(
        'backup failed, nothing was written: database disk image is malformed',
      )
      expect(readdirSync(backupDir).sort()).toEqual(filesBefore)
    } finally {
      rmSync(brokenDir, { recursive: true, force: true })
    }
  })
})
