import { CompiledQuery, type KyselyPlugin } from 'kysely'
import type { Db, Executor } from '../../server/db/database'

/**
 * The statements `work` runs on the executor it is given, compiled as the database gets them: a plugin
 * sees each query after the app's own (camel case) and keeps those that return a result, so a subquery
 * put into a raw statement (which goes through the plugins on its own) is not counted twice; the queries
 * run as usual.
 */
export async function statementsOf(db: Db, work: (executor: Executor) => Promise<unknown>) {
  const seen: Parameters<KyselyPlugin['transformQuery']>[0][] = []
  const ran = new Set<unknown>()
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(args)
      return args.node
    },
    transformResult: async (args) => {
      ran.add(args.queryId)
      return args.result
    },
  }
  await work(db.withPlugin(recorder))
  return seen
    .filter(({ queryId }) => ran.has(queryId))
    .map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId))
}

/** SQLite's plan of a statement: EXPLAIN QUERY PLAN's lines, e.g. `SEARCH t USING INDEX … (created_at<?)`. */
export async function sqlitePlan(db: Db, statement: CompiledQuery): Promise<string[]> {
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
  )
  return rows.map((row) => row.detail)
}

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows'?: number
  'Actual Loops'?: number
  'Rows Removed by Filter'?: number
  'Rows Removed by Index Recheck'?: number
  Plans?: PlanNode[]
}

/**
 * How many rows of `table` PostgreSQL visited running the statement (EXPLAIN ANALYZE): every row a scan
 * of it returned or dropped by its filter, over all loops. Counted by the executor, not timed.
 */
export async function postgresRowsVisited(db: Db, statement: CompiledQuery, table: string): Promise<number> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    CompiledQuery.raw(`explain (analyze, timing off, format json) ${statement.sql}`, [
      ...statement.parameters,
    ]),
  )
  const visited = (node: PlanNode): number => {
    const own =
      node['Relation Name'] === table
        ? // each count is per loop
          ((node['Actual Rows'] ?? 0) +
            (node['Rows Removed by Filter'] ?? 0) +
            (node['Rows Removed by Index Recheck'] ?? 0)) *
          (node['Actual Loops'] ?? 1)
        : 0
    return own + (node.Plans ?? []).reduce((sum, child) => sum + visited(child), 0)
  }
  return rows.reduce((sum, row) => sum + visited((row['QUERY PLAN'][0] as { Plan: PlanNode }).Plan), 0)
}
