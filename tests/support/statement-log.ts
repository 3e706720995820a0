import type { KyselyPlugin, OperationNode } from 'kysely'
import type { Db } from '../../server/db/database'
import { observePoolWaits } from '../../server/metrics/pool-wait'
import type { TestServer } from './test-server'

/**
 * Every statement the app sends through Kysely: each one run (its result passes every plugin), and
 * the tables and SQL text of those built per call (a query compiled once, `preparedQuery`, is run
 * again without being built, so it is counted but not shown).
 */
export class StatementLog implements KyselyPlugin {
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
 * Swaps the database the server's app uses for the same one with a StatementLog (so on SQLite the
 * version read goes through Kysely too, and is counted); transactions are counted where they wait for
 * their connection.
 */
export function logStatements(server: TestServer): StatementLog {
  const log = new StatementLog()
  const counted: Db = server.ctx.db.withPlugin(log)
  observePoolWaits(counted, () => {
    log.transactions += 1
  })
  server.ctx.db = counted
  return log
}
