import { type RawBuilder, sql } from 'kysely'
import type { Db, Tx } from '../db/database'
import { isPostgres } from '../db/dialect'
import { inTransaction } from '../db/transaction'
import { yieldToRequests } from '../jobs/job-runner'
import type { MarketSource } from '../market/source'
import { creditHundredthsSql, isCorrectSql } from './prediction-sql'

/**
 * Predictions evaluated per transaction, so a huge backlog never holds one giant transaction (about a
 * tenth of a second of SQLite's write lock each). Not smaller: every batch pays a commit (an fsync at
 * synchronous=FULL) and a ledger row per player, and at 5,000 those made a million-prediction backlog
 * 3 to 6 times slower than one raw UPDATE; at 20,000 it is under 2 times.
 */
export const evaluationBatchSize = 20_000

/**
 * Prices are looked up per title and due minute: a prediction is evaluated at its title's price at the
 * start of the minute it falls due in (at most 59 s before its due time, never after, so it can be
 * evaluated as soon as it is due, and the price does not depend on when the job runs). One lookup serves
 * every prediction of that title and minute: a backlog costs a few thousand lookups, not one per
 * prediction, as it would at a second's grain.
 */
export const evaluationPriceGrainMs = 60_000
/** Price keys per statement: 3 parameters each stays well under both dialects' parameter limits. */
const keyChunk = 5000

export interface EvaluationDeps {
  db: Db
  market: Pick<MarketSource, 'priceAt'>
  log?: { warn(details: object, message: string): void }
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

interface PricedKey {
  titleId: number
  dueMinute: number
  price: number
}

/** The due minute of a row: its evaluationDueAt rounded down to the price grain. */
function dueMinuteOf(column: string): RawBuilder<number> {
  const due = sql.raw(column)
  return sql<number>`${due} - ${due} % ${sql.lit(evaluationPriceGrainMs)}`
}

/**
 * Evaluates every prediction due by `now` (evaluationDueAt <= now, not evaluated yet) at its title's price
 * at evaluationDueAt (its minute: evaluationPriceGrainMs), however late this runs, and credits each
 * correct one its rewardFactor in TTC (rounded to hundredths) to its player's wallet, minted like a
 * sign-up grant. A player's correct
 * predictions of one batch make one 'tag' ledger row: reference `tag:<titleId>:<messageId>` for one
 * prediction (the usual case when the job keeps up), `tags:<count>` for several (a backlog).
 *
 * Set-based, in batches of about `batchSize` predictions in due order. For each batch:
 * 1. outside any transaction, the due time that closes the batch and the distinct (title, due minute)
 *    pairs it needs are read from the due index, and the market is asked for those prices (one lookup
 *    per pair, never per prediction; lookups may be network calls and must not hold the write lock);
 * 2. in one transaction, with the prices as a VALUES list (PostgreSQL) or a keyed temporary table
 *    (SQLite, whose planner would rescan a VALUES list per row): the batch's unevaluated rows get
 *    evalPrice and evaluatedAt (= evaluationDueAt), each player with correct ones a ledger row, and
 *    their wallets the amount: three set-based statements, whatever the batch size. (A ledger row per
 *    prediction would cost more than the evaluation itself on a backlog: a million ledger inserts.)
 *
 * Exactly once, even with two processes running this at once: on PostgreSQL one statement does all
 * three, the ledger insert and the wallet update reading only the rows its own
 * `UPDATE ... WHERE evaluated_at IS NULL ... RETURNING` changed (a concurrent run waits for the row locks,
 * re-checks the condition and skips them). On SQLite the writers are serialised (BEGIN IMMEDIATE), so
 * the credit and the update of a batch see the same unevaluated rows and no other writer in between.
 *
 * Correctness is `isCorrectPrediction` (src/domain/prediction.ts) written as SQL in prediction-sql.ts;
 * a test holds the two to the same answers. Predictions whose price the market cannot give stay running
 * and are tried again on the next run.
 */
export async function evaluateDuePredictions(
  deps: EvaluationDeps,
  now: number,
  options: EvaluationOptions = {},
): Promise<EvaluationResult> {
  const batchSize = Math.max(1, options.batchSize ?? evaluationBatchSize)
  const result: EvaluationResult = { evaluated: 0, credits: 0, creditedHundredths: 0 }
  // Batches are windows (after, upTo] of due time, so a run progresses past predictions left unpriced.
  let after = Number.MIN_SAFE_INTEGER
  // A (title, minute) often spans several batches: each is asked once per run.
  const known = new Map<string, Promise<number | undefined>>()
  for (;;) {
    const closing = await deps.db
      .selectFrom('taggedMessages')
      .select('evaluationDueAt')
      .where('evaluatedAt', 'is', null)
      .where('evaluationDueAt', '>', after)
      .where('evaluationDueAt', '<=', now)
      .orderBy('evaluationDueAt')
      .limit(1)
      .offset(batchSize - 1)
      .executeTakeFirst()
    const upTo = closing?.evaluationDueAt ?? now
    const prices = await pricesOf(deps, after, upTo, known)
    if (prices.length > 0) {
      const batch = await inTransaction(deps.db, (tx) =>
        isPostgres(tx)
          ? evaluatePostgres(tx, prices, after, upTo, now)
          : evaluateSqlite(tx, prices, after, upTo, now),
      )
      result.evaluated += batch.evaluated
      result.credits += batch.credits
      result.creditedHundredths += batch.creditedHundredths
    }
    if (!closing) return result
    after = upTo
    // a backlog: requests run between the batches
    await yieldToRequests()
  }
}

/**
 * The prices a window needs, one market lookup per (title, due minute) and run; the ones the market
 * lacks are left out (those predictions stay running).
 */
async function pricesOf(
  deps: EvaluationDeps,
  after: number,
  upTo: number,
  known: Map<string, Promise<number | undefined>>,
): Promise<PricedKey[]> {
  const { rows: keys } = await sql<{ titleId: number; dueMinute: number }>`
    select distinct title_id, ${dueMinuteOf('evaluation_due_at')} as due_minute from tagged_messages
    where evaluated_at is null and evaluation_due_at > ${after} and evaluation_due_at <= ${upTo}`.execute(
    deps.db,
  )
  const priced = await Promise.all(
    keys.map(async (key) => {
      const titleId = Number(key.titleId)
      const dueMinute = Number(key.dueMinute)
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
      const price = await lookup
      return price === undefined ? undefined : { titleId, dueMinute, price }
    }),
  )
  const found = priced.filter((key): key is PricedKey => key !== undefined)
  if (found.length < keys.length) {
    deps.log?.warn(
      { missing: keys.length - found.length },
      'no price for some due predictions; retried later',
    )
  }
  return found
}

function windowOf(table: string, after: number, upTo: number): RawBuilder<unknown> {
  const t = sql.raw(table)
  return sql`${t}.evaluated_at is null and ${t}.evaluation_due_at > ${after} and ${t}.evaluation_due_at <= ${upTo}`
}

/** A player's wallet that predictions pay into: their first, as the user payload's `wallet`. */
function walletOfSql(userIdColumn: string): RawBuilder<string> {
  return sql<string>`(select w2.address from wallets w2 where w2.user_id = ${sql.raw(userIdColumn)}
    order by w2.created_at, w2.address limit 1)`
}

/**
 * Per player (user_id), what their correct predictions among `from` earn (amount, in hundredths) and
 * the ledger reference: the prediction's own key for one, the count for several. `row` names the rows.
 */
function creditsByUser(
  from: RawBuilder<unknown>,
  row: string,
  evalPrice: string,
  where: RawBuilder<unknown> = sql`true`,
): RawBuilder<unknown> {
  const column = (name: string) => sql.raw(`${row}.${name}`)
  const credit = creditHundredthsSql(`${row}.reward_factor`)
  return sql`select ${column('user_id')} as user_id, sum(${credit}) as amount,
      case when count(*) = 1 then 'tag:' || min(${column('title_id')}) || ':' || min(${column('message_id')})
        else 'tags:' || count(*) end as reference
    from ${from}
    where ${where} and ${isCorrectSql(`${row}.trend`, `${row}.at_price`, evalPrice)} and ${credit} > 0
    group by ${column('user_id')}`
}

/** PostgreSQL: per chunk of prices, one statement evaluates, credits and pays (data-modifying CTEs). */
async function evaluatePostgres(
  tx: Tx,
  prices: readonly PricedKey[],
  after: number,
  upTo: number,
  now: number,
): Promise<EvaluationResult> {
  const result: EvaluationResult = { evaluated: 0, credits: 0, creditedHundredths: 0 }
  for (let start = 0; start < prices.length; start += keyChunk) {
    const values = prices
      .slice(start, start + keyChunk)
      .map(
        (p) =>
          sql`(cast(${p.titleId} as integer), cast(${p.dueMinute} as bigint), cast(${p.price} as double precision))`,
      )
    const { rows } = await sql<EvaluationResult>`
      with p (title_id, due_minute, price) as (values ${sql.join(values)}),
      evaluated as (
        update tagged_messages set eval_price = p.price, evaluated_at = tagged_messages.evaluation_due_at
        from p
        where ${windowOf('tagged_messages', after, upTo)}
          and tagged_messages.title_id = p.title_id
          and ${dueMinuteOf('tagged_messages.evaluation_due_at')} = p.due_minute
        returning tagged_messages.user_id, tagged_messages.title_id, tagged_messages.message_id,
          tagged_messages.trend, tagged_messages.at_price, tagged_messages.eval_price, tagged_messages.reward_factor
      ),
      credited as (
        insert into ledger (wallet_address, type, amount, reference, created_at)
        select w.address, 'tag', g.amount, g.reference, cast(${now} as bigint)
        from (${creditsByUser(sql`evaluated e`, 'e', 'e.eval_price')}) g
        join wallets w on w.address = ${walletOfSql('g.user_id')}
        returning wallet_address, amount
      ),
      paid as (
        update wallets set balance = balance + c.total
        from (select wallet_address, sum(amount) as total from credited group by wallet_address) c
        where wallets.address = c.wallet_address
        returning 1
      )
      select (select count(*) from evaluated) as evaluated,
        (select count(*) from credited) as credits,
        (select coalesce(sum(amount), 0) from credited) as credited_hundredths,
        (select count(*) from paid) as paid`.execute(tx)
    const row = rows[0]
    result.evaluated += Number(row?.evaluated ?? 0)
    result.credits += Number(row?.credits ?? 0)
    result.creditedHundredths += Number(row?.creditedHundredths ?? 0)
  }
  return result
}

/**
 * SQLite: adds the ledger rows above `lastId` (this batch's) to their wallets. NOT INDEXED: the rowid
 * range finds them; left to itself the planner walks the whole ledger by its wallet index for the
 * GROUP BY's order, a cost that grows with the ledger (11 ms a batch at 95,000 rows).
 */
export function payLedgerRowsAfterSql(lastId: number): RawBuilder<unknown> {
  return sql`
    update wallets set balance = balance + c.total
    from (select wallet_address, sum(amount) as total from ledger not indexed where id > ${lastId}
      group by wallet_address) as c
    where wallets.address = c.wallet_address`
}

/**
 * SQLite: the prices go into a keyed temporary table (per connection, emptied per batch); then credit,
 * pay and evaluate, all reading the batch's rows still unevaluated. The ledger rows this batch added are
 * the ones above the highest id before it: no other writer runs inside this transaction.
 */
async function evaluateSqlite(
  tx: Tx,
  prices: readonly PricedKey[],
  after: number,
  upTo: number,
  now: number,
): Promise<EvaluationResult> {
  await sql`create temp table if not exists evaluation_prices (
    title_id integer not null, due_minute integer not null, price real not null,
    primary key (title_id, due_minute)) without rowid`.execute(tx)
  await sql`delete from evaluation_prices`.execute(tx)
  for (let start = 0; start < prices.length; start += keyChunk) {
    const values = prices
      .slice(start, start + keyChunk)
      .map((p) => sql`(${p.titleId}, ${p.dueMinute}, ${p.price})`)
    await sql`insert into evaluation_prices (title_id, due_minute, price) values ${sql.join(values)}`.execute(
      tx,
    )
  }
  const { rows: last } = await sql<{ id: number }>`select coalesce(max(id), 0) as id from ledger`.execute(tx)
  const lastId = Number(last[0]?.id ?? 0)
  const priced = sql`tagged_messages t join evaluation_prices p
    on p.title_id = t.title_id and p.due_minute = ${dueMinuteOf('t.evaluation_due_at')}`
  await sql`
    insert into ledger (wallet_address, type, amount, reference, created_at)
    select w.address, 'tag', g.amount, g.reference, cast(${now} as bigint)
    from (${creditsByUser(priced, 't', 'p.price', windowOf('t', after, upTo))}) g
    join wallets w on w.address = ${walletOfSql('g.user_id')}`.execute(tx)
  const { rows: credits } = await sql<{ credits: number; creditedHundredths: number }>`
    select count(*) as credits, coalesce(sum(amount), 0) as credited_hundredths from ledger
    where id > ${lastId}`.execute(tx)
  await payLedgerRowsAfterSql(lastId).execute(tx)
  const evaluated = await sql`
    update tagged_messages set eval_price = p.price, evaluated_at = tagged_messages.evaluation_due_at
    from evaluation_prices as p
    where ${windowOf('tagged_messages', after, upTo)}
      and p.title_id = tagged_messages.title_id
      and p.due_minute = ${dueMinuteOf('tagged_messages.evaluation_due_at')}`.execute(tx)
  return {
    evaluated: Number(evaluated.numAffectedRows ?? 0),
    credits: Number(credits[0]?.credits ?? 0),
    creditedHundredths: Number(credits[0]?.creditedHundredths ?? 0),
  }
}
