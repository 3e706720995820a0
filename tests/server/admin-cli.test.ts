import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../../server/db/connect'
import { uniqueName } from '../support/accounts'
import { createPostgresDatabase, dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { runTsx } from '../support/processes'
import { startTestServer } from '../support/test-server'

const displayedCode = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/

describe.each(dialects)('npm run admin -- invite on %s', (dialect) => {
  let dataDir: string
  let env: Record<string, string>
  let dropDatabase: (() => Promise<void>) | undefined
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'alpha-admin-'))
    env = { ALPHA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase()
      env.DATABASE_URL = database.url
      dropDatabase = database.drop
    }
  })
  /** Invitation codes in the database the CLI writes to. */
  async function countCodes(): Promise<number> {
    const db = connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir })
    try {
      const row = await db
        .selectFrom('invitationCodes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    } finally {
      await db.destroy()
    }
  }

  afterAll(async () => {
    await dropDatabase?.()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('prints N codes that each sign one player up, once; --days sets their lifetime', async () => {
    // two runs at once on a fresh database: the migrations must not race
    const [three, short] = await Promise.all([
      runTsx('server/admin.ts', ['invite', '--count', '3'], env),
      runTsx('server/admin.ts', ['invite', '--count', '1', '--days', '1'], env),
    ])
    expect(three.stderr).toBe('')
    expect(three.code).toBe(0)
    const codes = three.stdout.trim().split('\n')
    expect(codes).toHaveLength(3)
    for (const code of codes) expect(code).toMatch(displayedCode)
    expect(new Set(codes).size).toBe(3)
    expect(short.code).toBe(0)
    const [dayCode = ''] = short.stdout.trim().split('\n')
    expect(dayCode).toMatch(displayedCode)

    // a server on the same database takes them
    const server = await startTestServer(dialect, { env })
    try {
      const signUp = (invitationCode: string) => {
        const username = uniqueName('cli')
        return new HttpClient(server.url).post<{ error?: { code: string } }>('/v1/auth/signup', {
          invitationCode,
          email: `${username}@example.test`,
          username,
          password: 'invited by the operator',
          acceptTerms: true,
        })
      }
      for (const code of codes) expect((await signUp(code)).status).toBe(201)
      for (const code of codes) {
        const reuse = await signUp(code)
        expect(reuse.status).toBe(400)
        expect(reuse.body.error?.code).toBe('invitation_code_invalid')
      }
      const stored = await server.ctx.db
        .selectFrom('invitationCodes')
        .selectAll()
        .where('code', '=', dayCode.replaceAll('-', ''))
        .executeTakeFirstOrThrow()
      expect(stored.ownerId).toBeNull()
      expect(stored.expiresAt - stored.createdAt).toBe(24 * 3600_000)
      server.clock.advance(24 * 3600_000 + 1)
      const late = await signUp(dayCode)
      expect(late.status).toBe(400)
      expect(late.body.error?.code).toBe('invitation_code_invalid')
    } finally {
      await server.stop()
    }
  })

  it('refuses a bad --count or a mistyped option with exit code 2 and a message, creating nothing', async () => {
    const before = await countCodes()
    const [zero, typo] = await Promise.all([
      runTsx('server/admin.ts', ['invite', '--count', '0'], env),
      runTsx('server/admin.ts', ['invite', '--cuont', '3'], env),
    ])
    expect(zero.code).toBe(2)
    expect(zero.stderr.trim()).toBe('--count must be a whole number from 1 to 1000')
    expect(zero.stdout).toBe('')
    expect(typo.code).toBe(2)
    expect(typo.stderr).toContain("Unknown option '--cuont'")
    expect(typo.stderr).toContain('Usage: npm run admin -- invite')
    expect(typo.stderr).not.toMatch(/\n\s+at /)
    expect(await countCodes()).toBe(before)
  })
})

describe('npm run admin on a PostgreSQL + Redis deployment', () => {
  it('works with Redis down: the commands need the database only, not the cluster', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'alpha-admin-'))
    const database = await createPostgresDatabase()
    try {
      // nothing listens on port 1: a command that joined the cluster would fail to connect
      const env = {
        ALPHA_DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_URL: 'redis://127.0.0.1:1',
      }
      const invited = await runTsx('server/admin.ts', ['invite'], env)
      expect(invited.stderr).toBe('')
      expect(invited.code).toBe(0)
      expect(invited.stdout.trim()).toMatch(displayedCode)
      const books = await runTsx('server/admin.ts', ['verify-ledger'], env)
      expect(books.code).toBe(0)
      expect(books.stdout).toMatch(/^ledger verified/)
    } finally {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
