import { type RawBuilder, sql } from 'kysely'
import { websocketCredentialsFor } from '../../server/auth/sessions.repo'
import { sha256 } from '../../server/auth/tokens'
import type { Db } from '../../server/db/database'
import { isPostgres } from '../../server/db/dialect'
import { refreshAuthorScores } from '../../server/game/author-scores'
import { sealLedger } from '../../server/game/ledger-seal'
import { dueMinuteSql, evaluationJoinSql, isCorrectSql } from '../../server/game/prediction-sql'
import { instruments } from '../../server/market/universe'
import { defaultGroupId } from '../../src/api/groups'
import { betClosedUntil } from '../../src/domain/fair-play'
import { pollOutcome } from '../../src/domain/poll-phase'
import { pollTimesFor } from '../../src/domain/poll-schedule'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type EngineMarket, writeMessage } from './market'
import { sessionTokenOf } from './protocol'

/**
 * Set-based seeding straight into the tables (no HTTP, no per-row round trips): a recursive CTE of row
 * numbers and a hash of the row number for the choices, in SQL that SQLite and PostgreSQL both run.
 */

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour
/** Enough for every stake the seed places: balances stay above zero whatever the bets. */
const seedGrantHundredths = 1000_00
const pollTitleIds = [2494, 2793, 99979, 1000004, 1000000]

export const walletOf = (userId: number) => `0xbench${userId}`
const walletSql = (userId: RawBuilder<unknown>) => sql`'0xbench' || ${userId}`

/** `n(i)`: the numbers 1..count, for `with recursive`. */
function numbers(count: number): RawBuilder<unknown> {
  return sql`n(i) as (select cast(1 as bigint) union all select i + 1 from n where i < ${sql.lit(count)})`
}

/** A well-mixed number in [0, 1000003) from a row number and a salt (both SQL integer expressions). */
function hash(value: RawBuilder<unknown>, salt: number | RawBuilder<unknown>): RawBuilder<number> {
  const s = typeof salt === 'number' ? sql.lit(salt) : salt
  return sql<number>`((${value} * 2654435761 + ${s} * 40503 + 12345) % 1000003)`
}

const i = sql.raw('i')

/** `titles(k, id, price)`: the universe, numbered from 0, with its start prices. */
function titlesTable(): RawBuilder<unknown> {
  const rows = instruments.map(
    (instrument, k) =>
      sql`(${sql.lit(k)}, ${sql.lit(instrument.id)}, ${sql.raw(instrument.startPrice.toFixed(4))})`,
  )
  return sql`titles(k, id, price) as (values ${sql.join(rows)})`
}

/** Players 1..count with a wallet, its grant and membership of group 1000. */
export async function seedPlayers(db: Db, count: number, now: number): Promise<void> {
  const since = sql.lit(now - 8 * day)
  await sql`with recursive ${numbers(count)}
    insert into users (id, username, username_key, email, email_key, email_confirmed_at, email_opt_out,
      password_version, settings, created_at)
    select i, 'player' || i, 'player' || i, 'player' || i || '@bench.test', 'player' || i || '@bench.test',
      ${since}, 0, 0, '{}', ${since} from n`.execute(db)
  if (isPostgres(db)) {
    await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(db)
  }
  await sql`insert into wallets (address, user_id, balance, created_at)
    select ${walletSql(sql.raw('id'))}, id, ${sql.lit(seedGrantHundredths)}, created_at from users`.execute(
    db,
  )
  await sql`insert into ledger (wallet_address, type, amount, reference, created_at)
    select address, 'grant', balance, 'signup', created_at from wallets where user_id is not null`.execute(db)
  await sql`insert into group_members (group_id, user_id, is_admin, status, joined_at)
    select ${sql.lit(defaultGroupId)}, id, 0, 'active', created_at from users`.execute(db)
}

/** A session per player, its cookie token `sessionTokenOf(id)`. */
export async function seedSessions(db: Db, count: number, now: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, k) => {
    const token = sessionTokenOf(k + 1)
    return {
      idHash: sha256(token),
      userId: k + 1,
      websocketHash: sha256(websocketCredentialsFor(token)),
      fingerprint: null,
      activeGroupId: defaultGroupId,
      createdAt: now,
      // seen just now: for an hour no request turns into a write that touches it (sessions.repo)
      lastSeenAt: now,
    }
  })
  for (let k = 0; k < rows.length; k += 500)
    await db
      .insertInto('sessions')
      .values(rows.slice(k, k + 500))
      .execute()
}

export interface PredictionSeed {
  count: number
  players: number
  /** created_at runs evenly from `from` to `to` (row order) */
  from: number
  to: number
  /** message id prefix: ids are prefix + row number */
  prefix: string
  /** predictions due by then are seeded evaluated (the job had kept up); undefined: none is */
  evaluatedBy?: number
}

/**
 * Predictions of random players on random titles of the universe, in creation order. Evaluated ones get
 * a price near their atPrice, so about half are correct.
 */
export async function seedPredictions(db: Db, seed: PredictionSeed): Promise<void> {
  const span = seed.to - seed.from
  const delay = sql.lit(evaluationDelayMs)
  await sql`with recursive ${numbers(seed.count)}, ${titlesTable()},
    picked as (
      select i, 1 + ${hash(i, 1)} % ${sql.lit(seed.players)} as user_id, t.id as title_id, t.price as price,
        ${sql.lit(seed.from)} + i * ${sql.lit(span)} / ${sql.lit(seed.count)} as created_at
      from n join titles t on t.k = ${hash(i, 2)} % ${sql.lit(instruments.length)}
    )
    insert into tagged_messages (user_id, title_id, message_id, trend, at_price, created_at, evaluation_due_at,
      reward_factor)
    select user_id, title_id, ${sql.lit(seed.prefix)} || i,
      case when ${hash(i, 3)} % 2 = 0 then 'Up' else 'Down' end,
      price * (1 + (${hash(i, 4)} % 2001 - 1000) / 100000.0),
      created_at, created_at + ${delay},
      case when ${hash(i, 6)} % 10 = 0 then 0.5 else 1 end
    from picked`.execute(db)
  if (seed.evaluatedBy === undefined) return
  // evaluated as the job would have: a price per (title, due minute), near the title's start price
  const by = sql.lit(seed.evaluatedBy)
  const minute = dueMinuteSql('evaluation_due_at')
  await sql`with ${titlesTable()}
    insert into evaluation_prices (title_id, due_minute, price, covered_to)
    select k.title_id, k.due_minute, t.price * (1 + (${hash(sql`k.due_minute / 60000`, sql`k.title_id`)} % 2001 - 1000) / 100000.0),
      k.covered_to
    from (select title_id, ${minute} as due_minute, max(evaluation_due_at) as covered_to from tagged_messages
      where evaluation_due_at <= ${by} and message_id like ${`${seed.prefix}%`}
      group by title_id, ${minute}) k
    join titles t on t.id = k.title_id
    where true
    on conflict (title_id, due_minute) do update set covered_to = case
      when excluded.covered_to > evaluation_prices.covered_to then excluded.covered_to
      else evaluation_prices.covered_to end`.execute(db)
  await sql`update evaluation_progress set evaluated_to = ${by} where evaluated_to < ${by}`.execute(db)
}

export interface GameSeed {
  players: number
  polls: number
  predictions: number
  votes: number
  ledgerRows: number
  groups: number
}

/**
 * A game a week old: `players` players, 50 polls on the five poll titles over the week (the last two
 * still open or awaiting evaluation, the others settled and paid), 20 predictions per player and day
 * (evaluated when due, their credits in the ledger), 30 more groups and three weeks of trophies.
 * SQLite or PostgreSQL.
 */
export async function seedGame(db: Db, market: EngineMarket, now: number, players = 1000): Promise<GameSeed> {
  await seedPlayers(db, players, now)
  await seedSessions(db, players, now)
  await seedGroups(db, now)
  await seedPredictions(db, {
    count: players * 20 * 7,
    players,
    from: now - 7 * day,
    to: now - minute,
    prefix: 'h',
    evaluatedBy: now,
  })
  const correct = isCorrectSql('t.trend', 't.at_price', 'p.price')
  await sql`insert into ledger (wallet_address, type, amount, reference, created_at)
    select ${walletSql(sql.raw('t.user_id'))}, 'tag', cast(floor(t.reward_factor * 100 + 0.5) as bigint),
      'tag:' || t.title_id || ':' || t.message_id, t.evaluation_due_at
    from tagged_messages t ${evaluationJoinSql()} where ${correct}`.execute(db)
  await seedPolls(db, market, now, players)
  await seedTrophies(db, now)
  // Every balance is what its ledger says.
  await sql`update wallets set balance = (select coalesce(sum(amount), 0) from ledger l
    where l.wallet_address = wallets.address)`.execute(db)
  // A game in its steady state has its books sealed and its authors counted: left to the jobs, the
  // seeded rows' backlogs would compete with the first seconds of the measured writes.
  while ((await sealLedger(db, now)) > 0) {}
  await refreshAuthorScores(db)
  const count = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)
    return Number(rows[0]?.n ?? 0)
  }
  return {
    players,
    polls: await count('polls'),
    predictions: await count('tagged_messages'),
    votes: await count('votes'),
    ledgerRows: await count('ledger'),
    groups: await count('user_groups'),
  }
}

/** 30 groups of about 50 players (every other one public); player 1 is in every third. */
async function seedGroups(db: Db, now: number): Promise<void> {
  const groups = Array.from({ length: 30 }, (_, k) => ({
    id: defaultGroupId + 1 + k,
    name: `Club ${k + 1}`,
    type: 'userGroup' as const,
    publicGroup: k % 2,
    avatarFile: null,
    createdAt: now - 7 * day + k * hour,
    createdBy: 2 + k * 17,
    endTime: null,
    titleRestrictions: '[]',
    extraPrize: 0,
    prizePaidAt: null,
  }))
  await db.insertInto('userGroups').values(groups).execute()
  await sql`with recursive ${numbers(1000)}
    insert into group_members (group_id, user_id, is_admin, status, joined_at)
    select g.id, n.i, case when n.i = g.created_by then 1 else 0 end, 'active', g.created_at
    from user_groups g join n on n.i = g.created_by or ${hash(sql`n.i`, sql`g.id`)} % 20 = 0
      or (n.i = 1 and g.id % 3 = 0)
    where g.id > ${sql.lit(defaultGroupId)} and n.i in (select id from users)`.execute(db)
}

/**
 * Ten poll starts over the week, one poll per poll title each: eight settled (votes paid parimutuel,
 * the ledger's wagers and payments), one awaiting evaluation, one open for bets. About 40 % of the
 * players bet on each.
 */
async function seedPolls(db: Db, market: EngineMarket, now: number, players: number): Promise<void> {
  const starts = [...Array.from({ length: 8 }, (_, k) => now - 7 * day + 2 * hour + k * 16 * hour)]
  starts.push(now - 5 * hour, now - hour)
  const rows = starts.flatMap((start) =>
    pollTitleIds.map((titleId, k) => {
      const times = pollTimesFor(start + k * 1000)
      const priceBase = market.price(titleId, times.startTime) ?? 100
      const settled = times.evalTime <= now
      const evalPrice = settled ? (market.price(titleId, times.evalTime) ?? priceBase) : null
      return {
        titleId,
        priceBase,
        ...times,
        createdAt: times.startTime,
        evalPrice,
        outcome: evalPrice === null ? null : pollOutcome(priceBase, evalPrice, 0.001),
        settledAt: settled ? times.evalTime + 1000 : null,
      }
    }),
  )
  await db.insertInto('polls').values(rows).execute()
  const polls = await db.selectFrom('polls').selectAll().orderBy('id').execute()
  for (const poll of polls) {
    const id = sql.lit(poll.id)
    const betSpan = Math.max(1, Math.min(poll.endTime, now) - poll.startTime)
    await sql`with recursive ${numbers(players)}
      insert into votes (poll_id, user_id, wallet_address, vote, ttc_bet, created_at)
      select ${id}, i, ${walletSql(i)},
        case ${hash(i, poll.id)} % 3 when 0 then 'up' when 1 then 'flat' else 'down' end,
        100 * (1 + ${hash(i, poll.id + 7)} % 3), ${sql.lit(poll.startTime)} + ${hash(i, poll.id + 13)} % ${sql.lit(betSpan)}
      from n where ${hash(i, poll.id + 29)} % 5 < 2`.execute(db)
  }
  await sql`insert into ledger (wallet_address, type, amount, reference, created_at)
    select wallet_address, 'wager', -ttc_bet, 'poll:' || poll_id, created_at from votes`.execute(db)
  // the polls' running totals, as the bets would have added them up (0008-poll-results)
  const count = (side: string) =>
    sql`(select count(*) from votes v where v.poll_id = polls.id and v.vote = ${sql.lit(side)})`
  await sql`update polls set bets_up = ${count('up')}, bets_flat = ${count('flat')}, bets_down = ${count('down')},
    ttc_bet_total = coalesce((select sum(v.ttc_bet) from votes v where v.poll_id = polls.id), 0)`.execute(db)
  for (const poll of polls) {
    if (!poll.outcome || poll.settledAt === null) continue
    const sides = await db
      .selectFrom('votes')
      .select((eb) => ['vote', eb.fn.sum<number>('ttcBet').as('staked')])
      .where('pollId', '=', poll.id)
      .groupBy('vote')
      .execute()
    const pot = sides.reduce((sum, side) => sum + Number(side.staked), 0)
    const won = Number(sides.find((side) => side.vote === poll.outcome)?.staked ?? 0)
    await sql`update votes set payout = case when vote = ${poll.outcome} and ${sql.lit(won)} > 0
        then ttc_bet * ${sql.lit(pot)} / ${sql.lit(Math.max(1, won))} else 0 end
      where poll_id = ${sql.lit(poll.id)}`.execute(db)
    const { rows: paid } = await sql<{ total: number }>`select coalesce(sum(payout), 0) as total from votes
      where poll_id = ${sql.lit(poll.id)}`.execute(db)
    const remainder = pot - Number(paid[0]?.total ?? 0)
    if (remainder > 0) {
      await db
        .insertInto('ledger')
        .values({
          walletAddress: 'bank',
          type: 'payment',
          amount: remainder,
          reference: `poll:${poll.id}`,
          createdAt: poll.settledAt,
        })
        .execute()
    }
  }
  await sql`insert into ledger (wallet_address, type, amount, reference, created_at)
    select v.wallet_address, 'payment', v.payout, 'poll:' || v.poll_id, p.settled_at
    from votes v join polls p on p.id = v.poll_id where v.payout > 0`.execute(db)
}

/** Gold, silver and bronce of group 1000 for three past weeks: players carry badges. */
async function seedTrophies(db: Db, now: number): Promise<void> {
  for (let week = 2; week <= 4; week += 1) {
    const weekStart = now - week * 7 * day
    await db
      .insertInto('trophyWeeks')
      .values({ groupId: defaultGroupId, weekStart, activePlayers: 900, awardedAt: weekStart + 7 * day })
      .execute()
    await db
      .insertInto('trophies')
      .values(
        [1, 2, 3].map((rank) => ({
          groupId: defaultGroupId,
          groupName: 'Alpha',
          weekStart,
          rank,
          userId: 1 + ((week * 37 + rank * 101) % 1000),
          points: 10_000 - rank * 1000,
          awardedAt: weekStart + 7 * day,
        })),
      )
      .execute()
  }
}

/**
 * The titles whose market trades at `now`: the fair-play rules refuse a tag or a bet on a closed one, and
 * the write scenario measures writes that are stored (crypto trades around the clock, so some always do).
 */
export function tradingTitleIds(market: EngineMarket, now: number): number[] {
  return market
    .titles()
    .filter((title) => betClosedUntil(title.hours, now) === undefined)
    .map((title) => title.id)
}

/**
 * What the write scenario spends: `pollCount` polls open for bets (one per title of `titleIds` in turn,
 * all of the universe, so known), `messageCount` messages to tag (each mentions two of them), and money
 * to bet.
 */
export async function seedWriteFixtures(
  db: Db,
  market: EngineMarket,
  now: number,
  titleIds: readonly number[],
  pollCount: number,
  messageCount: number,
): Promise<number[]> {
  const polls = Array.from({ length: pollCount }, (_, k) => {
    const titleId = titleIds[k % titleIds.length] as number
    const times = pollTimesFor(now - 30 * minute - k * 1000)
    return {
      titleId,
      priceBase: market.price(titleId, times.startTime) ?? 100,
      ...times,
      createdAt: times.startTime,
    }
  })
  const inserted = await db.insertInto('polls').values(polls).returning('id').execute()
  const messages = Array.from({ length: messageCount }, (_, k) => writeMessage(k, titleIds, now - hour))
  for (let k = 0; k < messages.length; k += 500) {
    await db
      .insertInto('marketMessages')
      .values(
        messages.slice(k, k + 500).map((message) => ({
          messageId: message.message_id,
          createdAt: message.t * 1000,
          payload: JSON.stringify(message),
        })),
      )
      .execute()
  }
  await sql`insert into ledger (wallet_address, type, amount, reference, created_at)
    select address, 'grant', ${sql.lit(seedGrantHundredths)}, 'bench-top-up', ${sql.lit(now)}
    from wallets where user_id is not null`.execute(db)
  await sql`update wallets set balance = balance + ${sql.lit(seedGrantHundredths)}
    where user_id is not null`.execute(db)
  return inserted.map((row) => row.id)
}
