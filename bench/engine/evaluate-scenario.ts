import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import pg from 'pg'
import { connectDatabase } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { evaluateDuePredictions } from '../../server/game/evaluate-predictions'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { createPostgresDatabase, postgresAdminUrl } from '../../tests/support/databases'
import { waitForQuiet } from './machine'
import { EngineMarket } from './market'
import { seedPlayers, seedPredictions } from './seed'

export interface EvaluationFigures {
  dialect: 'sqlite' | 'postgres'
  predictions: number
  /** distinct (title, due minute) pairs: the price lookups */
  priceKeys: number
  seedSeconds: number
  engineSeconds: number
  rawSeconds: number
  credits: number
  /** share of the machine's CPU other work used just before the engine's and the raw run */
  busyBefore: [number | undefined, number | undefined]
}

const players = 1000
/** A million predictions fall due over 12 hours (about 14 per title and minute); fewer over less. */
const backlogHoursPerMillion = 12

/**
 * The one raw statement the engine is set against: every due prediction gets a price (here a function
 * of its title and due minute, as the market's) and its evaluation time written into its row, no ledger,
 * no batches. The engine keeps evaluations per (title, due minute) instead (migration 0010); the raw
 * copy gets back the row columns and the partial due index the rows had before it (migration 0004), so
 * this is the statement that schema evaluated with.
 */
const rawUpdate = `update tagged_messages
  set eval_price = at_price * (1 + ((title_id * 31 + evaluation_due_at / 60000) % 21 - 10) / 1000.0),
    evaluated_at = evaluation_due_at
  where evaluated_at is null`

function rowColumnsSchema(price: 'real' | 'double precision'): string[] {
  return [
    `alter table tagged_messages add column eval_price ${price}`,
    'alter table tagged_messages add column evaluated_at bigint',
    'drop index tagged_messages_due',
    'create index tagged_messages_due on tagged_messages (evaluation_due_at, title_id) where evaluated_at is null',
  ]
}

async function seedBacklog(db: Db, count: number, now: number): Promise<number> {
  await migrateToLatest(db)
  await seedPlayers(db, players, now)
  const newest = now - evaluationDelayMs - 1000
  const span = Math.round((backlogHoursPerMillion * 3600_000 * count) / 1_000_000)
  await seedPredictions(db, { count, players, from: newest - span, to: newest, prefix: 'e' })
  const { rows } = await sql<{ keys: number }>`select count(*) as keys from (select distinct title_id,
    evaluation_due_at - evaluation_due_at % 60000 from tagged_messages) k`.execute(db)
  return Number(rows[0]?.keys ?? 0)
}

async function timeEngine(db: Db, count: number) {
  const started = performance.now()
  const result = await evaluateDuePredictions({ db, market: new EngineMarket() }, Date.now())
  const seconds = (performance.now() - started) / 1000
  if (result.evaluated !== count) throw new Error(`the engine evaluated ${result.evaluated} of ${count}`)
  return { seconds, credits: result.credits }
}

/**
 * SQLite: a million due predictions seeded once, the file copied; evaluateDuePredictions (through
 * Kysely, as the job runs it) on one, the raw UPDATE (better-sqlite3, same pragmas) on the other.
 */
export async function evaluateSqlite(root: string, count: number): Promise<EvaluationFigures> {
  const [engineDir, rawDir] = [join(root, 'evaluate-engine'), join(root, 'evaluate-raw')]
  mkdirSync(rawDir, { recursive: true })
  const seedStarted = performance.now()
  const seeding = connectDatabase({ dataDir: engineDir })
  const priceKeys = await seedBacklog(seeding, count, Date.now())
  await seeding.destroy()
  copyFileSync(join(engineDir, 'alpha.sqlite'), join(rawDir, 'alpha.sqlite'))
  const preparing = new SQLite(join(rawDir, 'alpha.sqlite'))
  for (const statement of rowColumnsSchema('real')) preparing.exec(statement)
  preparing.close()
  const seedSeconds = (performance.now() - seedStarted) / 1000

  const busyEngine = await waitForQuiet('evaluate engine, SQLite')
  const db = connectDatabase({ dataDir: engineDir })
  const engine = await timeEngine(db, count).finally(() => db.destroy())

  const busyRaw = await waitForQuiet('evaluate raw, SQLite')
  const raw = new SQLite(join(rawDir, 'alpha.sqlite'))
  let rawSeconds: number
  try {
    raw.pragma('journal_mode = WAL')
    raw.pragma('synchronous = FULL')
    const started = performance.now()
    const changed = raw.prepare(rawUpdate).run().changes
    rawSeconds = (performance.now() - started) / 1000
    if (changed !== count) throw new Error(`the raw update changed ${changed} of ${count}`)
  } finally {
    raw.close()
  }
  return {
    dialect: 'sqlite',
    predictions: count,
    priceKeys,
    seedSeconds,
    engineSeconds: engine.seconds,
    rawSeconds,
    credits: engine.credits,
    busyBefore: [busyEngine, busyRaw],
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl })
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}

/**
 * PostgreSQL (ALPHA_TEST_POSTGRES_URL, as the tests): seeded once in a fresh database, vacuumed and
 * analysed as autovacuum would have, copied with CREATE DATABASE ... TEMPLATE; the engine on one, the raw
 * UPDATE on the other; both dropped.
 */
export async function evaluatePostgres(count: number): Promise<EvaluationFigures> {
  const seeded = await createPostgresDatabase()
  const copyName = `${new URL(seeded.url).pathname.slice(1)}_raw`
  const copyUrl = new URL(seeded.url)
  copyUrl.pathname = `/${copyName}`
  try {
    const seedStarted = performance.now()
    const seeding = connectDatabase({ databaseUrl: seeded.url, dataDir: ':memory:' })
    const priceKeys = await seedBacklog(seeding, count, Date.now())
    await sql`vacuum analyze`.execute(seeding)
    await seeding.destroy()
    await adminQuery(`create database ${copyName} template ${new URL(seeded.url).pathname.slice(1)}`)
    const preparing = new pg.Client({ connectionString: copyUrl.toString() })
    await preparing.connect()
    try {
      for (const statement of rowColumnsSchema('double precision')) await preparing.query(statement)
      await preparing.query('vacuum analyze tagged_messages')
    } finally {
      await preparing.end()
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000

    const busyEngine = await waitForQuiet('evaluate engine, PostgreSQL')
    const db = connectDatabase({ databaseUrl: seeded.url, dataDir: ':memory:' })
    const engine = await timeEngine(db, count).finally(() => db.destroy())

    const busyRaw = await waitForQuiet('evaluate raw, PostgreSQL')
    const raw = new pg.Client({ connectionString: copyUrl.toString() })
    await raw.connect()
    let rawSeconds: number
    try {
      const started = performance.now()
      const changed = (await raw.query(rawUpdate)).rowCount
      rawSeconds = (performance.now() - started) / 1000
      if (changed !== count) throw new Error(`the raw update changed ${changed} of ${count}`)
    } finally {
      await raw.end()
    }
    return {
      dialect: 'postgres',
      predictions: count,
      priceKeys,
      seedSeconds,
      engineSeconds: engine.seconds,
      rawSeconds,
      credits: engine.credits,
      busyBefore: [busyEngine, busyRaw],
    }
  } finally {
    await adminQuery(`drop database if exists ${copyName} with (force)`).catch(() => {})
    await seeded.drop()
  }
}

/** Whether the tests' PostgreSQL answers. */
export async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('select 1')
    return true
  } catch {
    return false
  }
}
