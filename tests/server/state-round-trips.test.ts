import type { KyselyPlugin, OperationNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataVersion } from '../../server/db/data-version'
import type { Db } from '../../server/db/database'
import { observePoolWaits } from '../../server/metrics/pool-wait'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { toNextPollStart } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const statePath = '/v1/stockgame/state'

/**
 * Every statement the app sends through Kysely: each one run (its result passes every plugin), and
 * the tables and SQL text of those built per call (a query compiled once, `preparedQuery`, is run
 * again without being built, so it is counted but not shown).
 */
class StatementLog implements KyselyPlugin {
  readonly statements: string[] = []
  /** statements run */
  executions = 0
  /** transactions begun (each a BEGIN and a COMMIT round trip besides its statements) */
  transactions = 0
  transformQuery({ node }: { node: OperationNode }) {
    this.statements.push(JSON.stringify(node))
    return node as never
  }
  async transformResult<R>({ result }: { result: R }): Promise<R> {
    this.executions += 1
    return result
  }
  get roundTrips(): number {
    return this.executions + 2 * this.transactions
  }
  reset(): void {
    this.statements.length = 0
    this.executions = 0
    this.transactions = 0
  }
}

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
    log = new StatementLog()
    const counted: Db = server.ctx.db.withPlugin(log)
    observePoolWaits(counted, () => {
      log.transactions += 1
    })
    server.ctx.db = counted
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
