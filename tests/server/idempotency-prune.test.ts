import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeyLifetimeMs, pruneIdempotencyKeys } from '../../server/http/idempotency'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { sliceRecorder } from '../support/slice-recorder'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * The job that drops idempotency keys older than a day: every old key goes, every younger one stays,
 * a few hundred per statement with a turn of the event loop between two (a request's chance to run).
 */
describe.each(dialects)('pruning idempotency keys on %s', (dialect) => {
  let server: TestServer
  let player: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const keysAt = (prefix: string, count: number, createdAt: number) =>
    Array.from({ length: count }, (_, i) => ({
      userId: player.user.id,
      key: `${prefix}-${i}`,
      method: 'POST',
      path: '/v1/test',
      bodyHash: 'x',
      statusCode: 200,
      body: '{}',
      createdAt,
    }))
  const keysLeft = async () =>
    (
      await server.ctx.db
        .selectFrom('idempotencyKeys')
        .select('key')
        .where('userId', '=', player.user.id)
        .orderBy('key')
        .execute()
    ).map((row) => row.key)

  it('drops the keys older than a day in chunks, with the event loop free between them, and keeps the rest', async () => {
    const now = server.clock.now()
    const old = now - idempotencyKeyLifetimeMs - 1
    for (let i = 0; i < 25; i++)
      await server.ctx.db
        .insertInto('idempotencyKeys')
        .values(keysAt(`old${i}`, 10, old - i))
        .execute()
    await server.ctx.db
      .insertInto('idempotencyKeys')
      .values([...keysAt('young', 3, now - idempotencyKeyLifetimeMs + 1), ...keysAt('fresh', 2, now)])
      .execute()
    const recorder = sliceRecorder((node) => node.kind === 'DeleteQueryNode')
    const dropped = await pruneIdempotencyKeys({ db: server.ctx.db.withPlugin(recorder.plugin) }, now, 60)
    const { slices, turnBetweenEach } = recorder.stop()
    expect(dropped).toBe(250)
    expect(await keysLeft()).toEqual(['fresh-0', 'fresh-1', 'young-0', 'young-1', 'young-2'])
    // 250 keys by 60: five statements, the last one finds fewer than a chunk
    expect(slices).toBe(5)
    expect(turnBetweenEach).toBe(true)
    // nothing left to drop: one statement
    expect(await pruneIdempotencyKeys(server.ctx, now, 60)).toBe(0)
  })
})
