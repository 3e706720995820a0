import { CompiledQuery, type RawBuilder, sql } from 'kysely'
import type { Db, Executor, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import { inTransaction } from '../db/transaction'
import { yieldToRequests } from '../jobs/job-runner'
import type { MarketSource } from '../market/source'
import { recountMessagesOfKey } from './author-scores'
import { dueWindowEnd } from './due-window'
import { recordEvaluation } from './evaluation-settlement'
import { post } from './ledger'
import {
  creditHundredthsSql,
  dueMinuteSql,
  isCorrectSql,
  ofKeySql,
  overPendingKeysSql,
} from './prediction-sql'

/**
 * Predictions evaluated per transaction, so a huge backlog never holds one giant transaction (about a
 * twentieth of a second of SQLite's write lock each). Not smaller: every batch pays a commit (an fsync
 * at synchronous=FULL) and a ledger row per player with correct predictions.
 */
export const evaluationBatchSize = 20_000
/** Price keys per statement: 4 parameters each stays well under both dialects' parameter limits. */
const keyChunk = 2000
/** Pending keys priced per transaction. */
const pendingChunk = 500

export interface EvaluationDeps {
  db: Db
  market: Pick<MarketSource, 'priceAt'>
  log?: { warn(details: object, message: string): void }
  /** named in each batch's settlement record (settlements.ts priceSourceOf) @default 'market' */
  priceSource?: string
}

export interface EvaluationOptions {
  batchSize?: number
}

export interface EvaluationResult {
  /** predictions this call evaluated (a concurrent call's are not counted) */
  evaluated: number
  /** 'tag' ledger rows it wrote: one per player and batch with correct predictions */
  credits: number
  /** hundredths of a TTC it credited */
  creditedHundredths: number
}

interface Key {
  titleId: number
  dueMinute: number
}

interface DueKey extends Key {
  /** the market's price, undefined when it has none */
  price: number | undefined
}

type PriceLookup = (key: Key) => Promise<number | undefined>

/**
 * Evaluates every prediction due by `now` at its title's price at the start of its due minute (see
 * evaluationPriceGrainMs), however late this runs, and credits each correct one its rewardFactor in TTC
 * (rounded to hundredths) to its player's wallet, minted like a sign-up grant. A player's correct
 * predictions of one batch make one 'tag' ledger row: reference `tag:<titleId>:<messageId>` for one
 * prediction (the usual case when the job keeps up), `tags:<count>` for several (a backlog).
 *
 * The evaluation is not written to the predictions: a prediction is evaluated once evaluation_prices
 * holds its (title, due minute) with a price and a coveredTo at or after its due time (prediction-sql.ts
 * joins it). So a batch writes a few thousand price rows and a ledger row per player, not its twenty
 * thousand predictions, and the job's progress (evaluation_progress) says where the next batch starts.
 *
 * Set-based, in batches of about `batchSize` predictions in due order, each a window (after, upTo] of
 * due time from the job's progress on:
 * 1. outside any transaction, the due time that closes the window and its (title, due minute) keys are
 *    read from the due index, and the market is asked for those prices (one lookup per key and run,
 *    never per prediction; lookups may be network calls and must not hold the write lock);
 * 2. in one transaction: the keys are stored (a key already stored keeps its price), the window's
 *    correct predictions credited, and the progress moved to upTo.
 * Keys the market had no price for are stored pending (price null), their predictions stay running and
 * each run asks for those prices again first.
 *
 * Exactly once, even with two processes running this at once: a window's transaction goes on only if
 * the progress is still where its window starts (locked on PostgreSQL; SQLite serialises writers with
 * BEGIN IMMEDIATE), and a pending key is credited by the transaction whose update found it still
 * pending. Correctness is `isCorrectPrediction` (src/domain/prediction.ts) written as SQL in
 * prediction-sql.ts; a test holds the two to the same answers.
 */
export async function evaluateDuePredictions(
  deps: EvaluationDeps,
  now: number,
  options: EvaluationOptions = {},
): Promise<EvaluationResult> {
  const batchSize = Math.max(1, options.batchSize ?? evaluationBatchSize)
  const result: EvaluationResult = { evaluated: 0, credits: 0, creditedHundredths: 0 }
  const priceOf = priceLookup(deps)
  await pricePendingKeys(deps, priceOf, now, result)
  let after = await progressOf(deps.db)
  for (;;) {
    const upTo = await dueWindowEnd(deps.db, after, now, batchSize)
    const keys = await dueKeys(deps, priceOf, after, upTo)
    if (keys.length === 0) return result
    const batch = await inTransaction(deps.db, (tx) =>
      evaluateWindow(tx, keys, { after, upTo, now, priceSource: deps.priceSource ?? 'market' }),
    )
    if (batch === undefined) {
      // another process evaluated this window: go on from where it got to
      after = await progressOf(deps.db)
      continue
    }
    add(result, batch)
    // the window reached the clock: nothing more is due
    if (upTo >= now) return result
    after = upTo
    // a backlog: requests run between the batches
    await yieldToRequests()
  }
}

function add(total: EvaluationResult, part: EvaluationResult): void {
  total.evaluated += part.evaluated
  total.credits += part.credits
  total.creditedHundredths += part.creditedHundredths
}

async function progressOf(db: Executor, lock = false): Promise<number> {
  const query = db.selectFrom('evaluationProgress').select('evaluatedTo').where('id', '=', 1)
  const row = await (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst()
  return Number(row?.evaluatedTo ?? 0)
}

/** The market's price of a key, asked once per run (a key often spans several windows). */
function priceLookup(deps: EvaluationDeps): PriceLookup {
  const known = new Map<string, Promise<number | undefined>>()
  return ({ titleId, dueMinute }) => {
    const id = `${titleId}/${dueMinute}`
    let lookup = known.get(id)
    if (!lookup) {
      lookup = Promise.resolve(titleId)
        .then((title) => deps.market.priceAt(title, dueMinute))
        .then(
          (price) => (price === undefined || !Number.isFinite(price) ? undefined : price),
          () => undefined,
        )
      known.set(id, lookup)
    }
    return lookup
  }
}

function warnMissing(deps: EvaluationDeps, missing: number): void {
  if (missing > 0) deps.log?.warn({ missing }, 'no price for some due predictions; retried later')
}

/** A window's keys with the market's prices. */
async function dueKeys(deps: EvaluationDeps, priceOf: PriceLookup, after: number, upTo: number) {
  const { rows } = await sql<Key>`
    select distinct title_id, ${dueMinuteSql('evaluation_due_at')} as due_minute
    from tagged_messages where evaluation_due_at > ${after} and evaluation_due_at <= ${upTo}`.execute(deps.db)
  const keys = await Promise.all(
    rows.map(async (row): Promise<DueKey> => {
      const key = { titleId: Number(row.titleId), dueMinute: Number(row.dueMinute) }
      return { ...key, price: await priceOf(key) }
    }),
  )
  warnMissing(deps, keys.filter((key) => key.price === undefined).length)
  return keys
}

interface Window {
  after: number
  upTo: number
  now: number
  priceSource: string
}

/**
 * One window in one transaction, with its settlement record (the prices it used and what it paid):
 * undefined when the progress is no longer at `after` (another process has evaluated it).
 */
async function evaluateWindow(
  tx: Tx,
  keys: readonly DueKey[],
  { after, upTo, now, priceSource }: Window,
): Promise<EvaluationResult | undefined> {
  if ((await progressOf(tx, true)) !== after) return undefined
  await storeKeys(tx, keys, upTo)
  const window = sql`t.evaluation_due_at > ${after} and t.evaluation_due_at <= ${upTo}`
  // the window's predictions less those of keys still pending
  const { rows } = await sql<{ due: number; pending: number }>`select
      (select count(*) from tagged_messages t where ${window}) as due,
      ${overPendingKeysSql('count', window)} as pending`.execute(tx)
  const evaluated = Number(rows[0]?.due ?? 0) - Number(rows[0]?.pending ?? 0)
  const credited = await creditCorrect(tx, window, now)
  await tx.updateTable('evaluationProgress').set({ evaluatedTo: upTo }).where('id', '=', 1).execute()
  const result = { evaluated, ...credited }
  await recordEvaluation(
    tx,
    { reference: `window:${after}-${upTo}`, priceSource, priceTime: upTo, now },
    keys,
    result,
  )
  return result
}

/**
 * `insert` of `count` keys, with the dialect's placeholders; a key already stored (a minute spanning
 * windows, or pending) keeps its price.
 */
function storeKeysSql(count: number, postgres: boolean): string {
  const rows = Array.from({ length: count }, (_, row) =>
    postgres ? `($${4 * row + 1}, $${4 * row + 2}, $${4 * row + 3}, $${4 * row + 4})` : '(?, ?, ?, ?)',
  )
  return `insert into evaluation_prices (title_id, due_minute, price, covered_to) values ${rows.join(', ')}
    on conflict (title_id, due_minute) do update set covered_to = excluded.covered_to`
}

/**
 * Stores a window's keys, covered up to `upTo`, as statements of ready text: built by the query
 * builder, their thousands of values took longer to compile than to insert.
 */
async function storeKeys(tx: Tx, keys: readonly DueKey[], upTo: number): Promise<void> {
  for (let start = 0; start < keys.length; start += keyChunk) {
    const chunk = keys.slice(start, start + keyChunk)
    const values = chunk.flatMap((key) => [key.titleId, key.dueMinute, key.price ?? null, upTo])
    await tx.executeQuery(CompiledQuery.raw(storeKeysSql(chunk.length, isPostgres(tx)), values))
  }
}

/**
 * The keys left pending by earlier runs, asked again; each one the market now prices is set and its
 * predictions (due by its coveredTo) are credited, in transactions of `pendingChunk` keys.
 */
async function pricePendingKeys(
  deps: EvaluationDeps,
  priceOf: PriceLookup,
  now: number,
  result: EvaluationResult,
): Promise<void> {
  const pending = await deps.db
    .selectFrom('evaluationPrices')
    .select(['titleId', 'dueMinute'])
    .where('price', 'is', null)
    .orderBy('dueMinute')
    .execute()
  if (pending.length === 0) return
  const priced = await Promise.all(pending.map(async (key) => ({ ...key, price: await priceOf(key) })))
  warnMissing(deps, priced.filter((key) => key.price === undefined).length)
  const found = priced.filter((key): key is Key & { price: number } => key.price !== undefined)
  for (let start = 0; start < found.length; start += pendingChunk) {
    const chunk = found.slice(start, start + pendingChunk)
    add(
      result,
      await inTransaction(deps.db, async (tx) => {
        const total: EvaluationResult = { evaluated: 0, credits: 0, creditedHundredths: 0 }
        const priced: (Key & { price: number })[] = []
        for (const key of chunk) {
          const set = await tx
            .updateTable('evaluationPrices')
            .set({ price: key.price })
            .where('titleId', '=', key.titleId)
            .where('dueMinute', '=', key.dueMinute)
            .where('price', 'is', null)
            .returning('coveredTo')
            .executeTakeFirst()
          // another process priced it first
          if (!set) continue
          priced.push(key)
          // typed: PostgreSQL would take a parameter added to an integer for an integer
          const ofKey = ofKeySql(
            sql`${key.titleId}`,
            sql`cast(${key.dueMinute} as bigint)`,
            sql`cast(${set.coveredTo} as bigint)`,
          )
          const { rows } = await sql<{ count: number }>`select count(*) as count from tagged_messages t
            where ${ofKey}`.execute(tx)
          add(total, { evaluated: Number(rows[0]?.count ?? 0), ...(await creditCorrect(tx, ofKey, now)) })
          // judged behind the author scores' progress: their messages' verdicts are counted again
          await recountMessagesOfKey(tx, ofKey)
        }
        const [first] = priced
        if (first) {
          const reference = `pending:${first.titleId}:${first.dueMinute}`
          const batch = { reference, priceSource: deps.priceSource ?? 'market', priceTime: now, now }
          await recordEvaluation(tx, batch, priced, total)
        }
        return total
      }),
    )
  }
}

/** A player's wallet that predictions pay into: their first, as the user payload's `wallet`. */
function walletOfSql(userIdColumn: string): RawBuilder<string> {
  return sql<string>`(select w2.address from wallets w2 where w2.user_id = ${sql.raw(userIdColumn)}
    order by w2.created_at, w2.address limit 1)`
}

/**
 * Per player, what their correct predictions among `which` (a condition on `t`, the predictions,
 * joined to `p`, their priced keys) earn, in hundredths, and the ledger reference: the prediction's own
 * key for one, the count for several.
 */
function creditsByUser(which: RawBuilder<unknown>): RawBuilder<unknown> {
  const credit = creditHundredthsSql('t.reward_factor')
  return sql`select t.user_id as user_id, sum(${credit}) as amount,
      case when count(*) = 1 then 'tag:' || min(t.title_id) || ':' || min(t.message_id)
        else 'tags:' || count(*) end as reference
    from tagged_messages t join evaluation_prices p on p.title_id = t.title_id
      and p.due_minute = ${dueMinuteSql('t.evaluation_due_at')}
    where ${which} and ${isCorrectSql('t.trend', 't.at_price', 'p.price')} and ${credit} > 0
    group by t.user_id`
}

/** The ledger rows of creditsByUser(which), one per player, and their wallets paid. */
async function creditCorrect(
  tx: Tx,
  which: RawBuilder<unknown>,
  now: number,
): Promise<Omit<EvaluationResult, 'evaluated'>> {
  const posted = await post(tx, {
    select: sql`select w.address, 'tag', g.amount, g.reference, cast(${now} as bigint)
      from (${creditsByUser(which)}) g
      join wallets w on w.address = ${walletOfSql('g.user_id')}`,
  })
  return { credits: posted.rows, creditedHundredths: posted.hundredths }
}
