import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionIdleTimeoutMs } from '../../server/auth/sessions.repo'
import { pruneForgottenSignInFailures, pruneIdleSessions } from '../../server/auth/sign-in-prune'
import { signInFailuresForgottenAfterMs } from '../../src/domain/sign-in-throttle'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { sliceRecorder } from '../support/slice-recorder'
import { sqlitePlan, statementsOf } from '../support/statement-plans'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * The job that drops what no longer signs anybody in or slows anybody down: sessions idle longer than
 * their timeout (whose cookies never came back) and failed sign-ins forgotten after a quiet day. Each
 * old row goes, each younger one stays, a chunk per statement with requests served between two.
 */
describe.each(dialects)('pruning idle sessions and forgotten sign-in failures on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const sessionsSeenAt = (prefix: string, count: number, lastSeenAt: (i: number) => number) =>
    Array.from({ length: count }, (_, i) => ({
      idHash: `${prefix}-${i}`,
      userId: player.user.id,
      websocketHash: `${prefix}-socket-${i}`,
      fingerprint: null,
      activeGroupId: 1000,
      createdAt: lastSeenAt(i),
      lastSeenAt: lastSeenAt(i),
    }))
  const sessionsLeft = async (prefix: string) =>
    (
      await server.ctx.db
        .selectFrom('sessions')
        .select('idHash')
        .where('idHash', 'like', `${prefix}-%`)
        .orderBy('idHash')
        .execute()
    ).map((row) => row.idHash)
  const failuresLeft = async () =>
    (await server.ctx.db.selectFrom('signInFailures').select('loginKey').orderBy('loginKey').execute()).map(
      (row) => row.loginKey,
    )
  const isSignedIn = async (client: HttpClient) => (await client.get('/v1/auth/info')).status === 200

  it('drops the sessions idle longer than the timeout in chunks, with the event loop free between them', async () => {
    const now = server.clock.now()
    const idleSince = now - sessionIdleTimeoutMs
    await server.ctx.db
      .insertInto('sessions')
      .values([
        ...sessionsSeenAt('idle', 130, (i) => idleSince - 1 - i),
        ...sessionsSeenAt('young', 2, () => idleSince + 1),
      ])
      .execute()
    const recorder = sliceRecorder((node) => node.kind === 'DeleteQueryNode')
    const dropped = await pruneIdleSessions(server.ctx.db.withPlugin(recorder.plugin), now, 60)
    const { slices, turnBetweenEach } = recorder.stop()
    expect(dropped).toBe(130)
    expect(await sessionsLeft('idle')).toEqual([])
    expect(await sessionsLeft('young')).toEqual(['young-0', 'young-1'])
    // 130 by 60: three statements, the last one finds fewer than a chunk
    expect(slices).toBe(3)
    expect(turnBetweenEach).toBe(true)
    // the player's own session, seen just now, still signs them in
    expect(await isSignedIn(player.client)).toBe(true)
    expect(await pruneIdleSessions(server.ctx.db, now, 60)).toBe(0)
  })

  it('forgets the failed sign-ins of a login a day after its last failure', async () => {
    const now = server.clock.now()
    const forgottenBefore = now - signInFailuresForgottenAfterMs
    await server.ctx.db
      .insertInto('signInFailures')
      .values([
        { loginKey: 'mistyped-once', failures: 1, lastFailureAt: forgottenBefore - 1 },
        { loginKey: 'guessed-long-ago', failures: 40, lastFailureAt: forgottenBefore - 3600_000 },
        { loginKey: 'guessed-lately', failures: 40, lastFailureAt: forgottenBefore + 1 },
      ])
      .execute()
    expect(await pruneForgottenSignInFailures(server.ctx.db, now, 1)).toBe(2)
    expect(await failuresLeft()).toEqual(['guessed-lately'])
  })

  it('runs as a job: a month idle signs the cookie out and drops its row; a day forgets the failures', async () => {
    const idle = await signUpPlayer(server)
    const wrong = await new HttpClient(server.url).post('/v1/auth/signin', {
      login: 'nobody-by-this-name',
      password: 'not the password at all',
    })
    expect(wrong.status).toBe(401)
    expect(await failuresLeft()).toContain('nobody-by-this-name')

    server.clock.advance(signInFailuresForgottenAfterMs + 1)
    await server.ctx.jobs.runAll()
    expect(await failuresLeft()).not.toContain('nobody-by-this-name')

    const sessionRows = () =>
      server.ctx.db.selectFrom('sessions').select('idHash').where('userId', '=', idle.user.id).execute()
    expect(await sessionRows()).toHaveLength(1)
    server.clock.advance(sessionIdleTimeoutMs)
    await server.ctx.jobs.runAll()
    expect(await sessionRows()).toEqual([])
    expect(await isSignedIn(idle.client)).toBe(false)
  })
})

describe('the prune statements on SQLite', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('sqlite')
  })
  afterAll(() => server.stop())

  it('finds the old rows by their age indexes, not by reading the tables whole', async () => {
    const now = server.clock.now()
    const statements = await statementsOf(server.ctx.db, async (db) => {
      await pruneIdleSessions(db, now)
      await pruneForgottenSignInFailures(db, now)
    })
    const plans = (
      await Promise.all(statements.map((statement) => sqlitePlan(server.ctx.db, statement)))
    ).map((lines) => lines.join('; '))
    expect(plans).toHaveLength(2)
    expect(plans[0]).toContain('USING INDEX sessions_last_seen_at (last_seen_at<?)')
    expect(plans[1]).toContain('USING INDEX sign_in_failures_last_failure_at (last_failure_at<?)')
  })
})
