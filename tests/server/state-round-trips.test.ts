import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataVersion } from '../../server/db/data-version'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { toNextPollStart } from '../support/polls'
import { logStatements, StatementLog } from '../support/statement-log'
import { startTestServer, type TestServer } from '../support/test-server'

const statePath = '/v1/stockgame/state'

/**
 * Issue 16, point 3: the state's hot path. The database the app uses is swapped for the same one with
 * a plugin that logs each statement (so on SQLite the version read goes through Kysely too, and is
 * counted); transactions are counted where they wait for their connection.
 */
describe.each(dialects)('round trips of the state on %s', (dialect) => {
  let server: TestServer
  let log: StatementLog
  let first: SignedUp
  let second: SignedUp

  beforeAll(async () => {
    server = await startTestServer(dialect)
    log = logStatements(server)
    first = await signUpPlayer(server)
    second = await signUpPlayer(server)
    // open polls: every answer lists them with the caller's bets
    await toNextPollStart(server)
  })
  afterAll(() => server.stop())

  /**
   * The round trips of the state call `measured` makes after `prepare`, in a moment with nothing written
   * from before `prepare` to the end (the market stores messages now and then, and on PostgreSQL the
   * version moves with any commit of the cluster: tried again then).
   */
  async function roundTripsOf(
    choose: () => Promise<SignedUp>,
    prepare: () => Promise<void>,
  ): Promise<StatementLog> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const player = await choose()
      const before = await dataVersion(server.ctx.db)
      await prepare()
      log.reset()
      expect((await player.client.get(statePath)).status).toBe(200)
      const copy = new StatementLog()
      copy.statements.push(...log.statements)
      copy.executions = log.executions
      copy.transactions = log.transactions
      if ((await dataVersion(server.ctx.db)) === before) return copy
    }
    throw new Error('something was written during every try')
  }

  it('reads one version and nothing else when nothing was written since the last call', async () => {
    const again = await roundTripsOf(
      async () => first,
      async () => {
        expect((await first.client.get(statePath)).status).toBe(200)
      },
    )
    expect(again.transactions).toBe(0)
    expect(again.executions).toBe(1)
    expect(again.roundTrips).toBe(1)
  })

  it("builds another player's state from the shared parts: no ranking or chronic read again", async () => {
    let fresh: SignedUp | undefined = second
    const other = await roundTripsOf(
      // a player whose state was never asked for
      async () => {
        const newcomer = fresh ?? (await signUpPlayer(server))
        fresh = undefined
        return newcomer
      },
      async () => {
        expect((await first.client.get(statePath)).status).toBe(200)
      },
    )
    // the data version (on PostgreSQL read with the session), the caller's session with their account,
    // the versions with the caller's bets on the listed polls (no statement of their own)
    expect(other.executions).toBe(dialect === 'postgres' ? 2 : 3)
    for (const statement of other.statements) {
      expect(statement).not.toMatch(
        /ranking_days|ranking_totals|"table":\{"kind":"IdentifierNode","name":"ledger"/,
      )
    }
    // the version read, the caller's session and user, the versions in one snapshot, the caller's bets
    expect(other.roundTrips).toBeLessThanOrEqual(9)
  })

  it('reads the versions without a snapshot when only something it does not show was written', async () => {
    expect((await first.client.get(statePath)).status).toBe(200)
    // another player's name: written, but in no part of the first player's state
    await server.ctx.db
      .updateTable('users')
      .set({ firstName: 'Renamed' })
      .where('id', '=', second.user.id)
      .execute()
    log.reset()
    expect((await first.client.get(statePath)).status).toBe(200)
    expect(log.transactions).toBe(0)
    // the data version, the caller's session with their account (one statement: on PostgreSQL it
    // carries the data version too), the versions
    expect(log.executions).toBe(dialect === 'postgres' ? 2 : 3)
    const versionReads = log.statements.filter((statement) => statement.includes('v_ledger'))
    expect(versionReads).toHaveLength(1)
    for (const statement of log.statements)
      expect(statement).not.toMatch(/ranking_days|ranking_totals|"votes"/)
  })
})

/**
 * Every player of a busy process polls; only the answers of those who asked last are kept as bytes
 * (ALPHA_STATE_ANSWERS_KEPT, here one). The others are still told 304 from the version alone while
 * nothing they see changed: before, a player whose answer had been let go had it built again (the
 * versions, the poll list, the encoding) only to be told 304.
 */
describe.each(dialects)('the state of more players than answers kept, on %s', (dialect) => {
  let server: TestServer
  let log: StatementLog
  let first: SignedUp
  let second: SignedUp

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_STATE_ANSWERS_KEPT: '1' } })
    log = logStatements(server)
    first = await signUpPlayer(server)
    second = await signUpPlayer(server)
    await toNextPollStart(server)
  })
  afterAll(() => server.stop())

  it('tells a player who holds the answer 304 from one statement though its bytes were let go, and builds them again for one who does not', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = await dataVersion(server.ctx.db)
      const answer = await first.client.get(statePath)
      expect(answer.status).toBe(200)
      const etag = answer.headers.get('etag') ?? ''
      // the second player's answer takes the one place kept
      expect((await second.client.get(statePath)).status).toBe(200)
      log.reset()
      const held = await first.client.get(statePath, { headers: { 'if-none-match': etag } })
      const { executions, transactions } = log
      const again = await first.client.get(statePath)
      // the market stores messages now and then, and on PostgreSQL the version moves with any commit
      if ((await dataVersion(server.ctx.db)) !== before) continue
      expect(held.status).toBe(304)
      expect(held.headers.get('etag')).toBe(etag)
      // the data version (on PostgreSQL read with the session); the session is kept on SQLite
      expect(executions).toBe(1)
      expect(transactions).toBe(0)
      expect(again.status).toBe(200)
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.body).toEqual(answer.body)
      return
    }
    throw new Error('something was written during every try')
  })
})
