import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlayerInvitation } from '../../server/auth/player-invitations'
import { inTransaction } from '../../server/db/transaction'
import { Refusal } from '../../server/refusal'
import { signUpPlayer } from '../support/accounts'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * On PostgreSQL (read committed) two transactions could both count four open links and both add a fifth:
 * the second must wait for the first to commit before it counts. SQLite's writers queue anyway.
 */
describe('two links of one player made at once on postgres', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('postgres', { env: { ALPHA_INVITES_OPEN_PER_PLAYER: '4' } })
  })
  afterAll(() => server.stop())

  /** Resolves once a backend of this database waits for a lock (asked again until it does). */
  async function someoneWaitsForALock(): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(server.ctx.db)
      if ((rows[0]?.n ?? 0) > 0) return
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  it('lets the second count only after the first committed, so the limit holds', async () => {
    const inviter = await signUpPlayer(server)
    // three sign-up codes are open: one more link reaches the limit of 4
    const { ctx } = server
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let firstMade: () => void = () => {}
    const made = new Promise<void>((resolve) => {
      firstMade = resolve
    })
    const first = ctx.db.transaction().execute(async (tx) => {
      const link = await createPlayerInvitation(ctx, tx, inviter.user.id, undefined)
      firstMade()
      await held
      return link
    })
    await made
    const second = inTransaction(ctx.db, (tx) => createPlayerInvitation(ctx, tx, inviter.user.id, undefined))
    const outcome = await Promise.race([
      second.then(
        () => 'second made a link beside the uncommitted first',
        () => 'second refused before the first committed',
      ),
      someoneWaitsForALock().then(() => 'second waits'),
    ])
    expect(outcome).toBe('second waits')
    release()
    expect((await first).state).toBe('open')
    const refused = await second.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(Refusal)
    expect((refused as Refusal).code).toBe('invitation_limit_reached')
  })
})
