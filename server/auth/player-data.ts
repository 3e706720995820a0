import type { PlayerData } from '../../src/api/player-data'
import { predictionCursorOf } from '../../src/api/predictions'
import { fromHundredths } from '../../src/domain/currency'
import type { AppContext } from '../context'
import type { Executor } from '../db/database'
import { keysetPages } from '../db/keyset-pages'
import type { UserRow } from '../db/tables/users.table'
import { groupListsFor } from '../game/groups.repo'
import { walletsOf } from '../game/ledger'
import { ownPredictionsPage } from '../game/own-predictions'
import { walletTransactions } from '../game/wallet-transactions'
import { everyPlayerInvitation } from './player-invitations'
import { settingsOf } from './settings'

/** Rows per statement of the long lists: memory holds a page, whatever a player made in years. */
export const playerDataPageSize = 1000

type Bet = PlayerData['bets'][number]

/** The player's predictions, newest first. */
const predictionPages = (db: Executor, userId: number) =>
  keysetPages(
    playerDataPageSize,
    (before, limit) => ownPredictionsPage(db, userId, { before, limit }),
    predictionCursorOf,
  )

/** The player's bets with their polls, newest first, by the votes' ids. */
async function* betPages(db: Executor, userId: number): AsyncGenerator<readonly Bet[]> {
  const pages = keysetPages(
    playerDataPageSize,
    (before: number | undefined, limit) =>
      db
        .selectFrom('votes as v')
        .innerJoin('polls as p', 'p.id', 'v.pollId')
        .select([
          'v.id',
          'v.pollId',
          'v.vote',
          'v.ttcBet',
          'v.payout',
          'v.createdAt',
          'p.titleId',
          'p.evalTime',
          'p.outcome',
        ])
        .where('v.userId', '=', userId)
        .$if(before !== undefined, (query) => query.where('v.id', '<', before as number))
        .orderBy('v.id', 'desc')
        .limit(limit)
        .execute(),
    (last) => Number(last.id),
  )
  for await (const rows of pages)
    yield rows.map((row) => ({
      pollId: Number(row.pollId),
      userId,
      vote: row.vote,
      ttcBet: fromHundredths(Number(row.ttcBet)),
      createdAt: Number(row.createdAt),
      payout: row.payout === null ? null : fromHundredths(Number(row.payout)),
      titleId: Number(row.titleId),
      evalTime: Number(row.evalTime),
      outcome: row.outcome,
    }))
}

/** Every transaction of the player's wallets, newest first per wallet, through the ledger's own pages. */
async function* transactionPages(db: Executor, userId: number): AsyncGenerator<readonly unknown[]> {
  for (const wallet of await walletsOf(db, userId))
    yield* keysetPages(
      playerDataPageSize,
      (before: number | undefined, limit) => walletTransactions(db, wallet.address, { limit, before }),
      (last) => last.transactionId,
    )
}

/** A JSON array of the pages' items, a chunk per page. */
async function* jsonArray(pages: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  yield '['
  let first = true
  for await (const page of pages) {
    if (page.length === 0) continue
    yield `${first ? '' : ','}${page.map((item) => JSON.stringify(item)).join(',')}`
    first = false
  }
  yield ']'
}

/** What the file says about the account itself and its short lists, read before the long ones. */
async function accountPart(
  ctx: AppContext,
  user: UserRow,
): Promise<Omit<PlayerData, 'predictions' | 'bets' | 'transactions'>> {
  const [providers, sessions, lists, invitations, trophies] = await Promise.all([
    ctx.db
      .selectFrom('oauthAccounts')
      .select('provider')
      .where('userId', '=', user.id)
      .orderBy('provider')
      .execute(),
    ctx.db
      .selectFrom('sessions')
      .select(['createdAt', 'lastSeenAt'])
      .where('userId', '=', user.id)
      .orderBy('createdAt', 'desc')
      .execute(),
    groupListsFor(ctx.db, user.id),
    everyPlayerInvitation(ctx, user.id),
    ctx.db
      .selectFrom('trophies')
      .select(['groupId', 'groupName', 'weekStart', 'rank', 'points', 'awardedAt'])
      .where('userId', '=', user.id)
      .orderBy('weekStart', 'desc')
      .orderBy('groupId')
      .execute(),
  ])
  return {
    exportedAt: ctx.clock.now(),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      emailConfirmedAt: user.emailConfirmedAt,
      newsByMail: !user.emailOptOut,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt,
      signInWith: [...(user.passwordHash ? ['password'] : []), ...providers.map((row) => row.provider)],
      settings: settingsOf(user),
    },
    sessions: sessions.map((row) => ({
      createdAt: Number(row.createdAt),
      lastSeenAt: Number(row.lastSeenAt),
    })),
    groups: [...lists.groups, ...lists.invitations],
    invitations,
    trophies: trophies.map((row) => ({
      groupId: Number(row.groupId),
      groupName: row.groupName,
      weekStart: Number(row.weekStart),
      rank: Number(row.rank),
      points: fromHundredths(Number(row.points)),
      awardedAt: Number(row.awardedAt),
    })),
  }
}

/**
 * The player's data download (`GET /v1/users/me/data`) as JSON text in chunks: the account and its short
 * lists first, then every prediction, bet and transaction a page per statement, so a file of years of play
 * never sits whole in memory.
 */
export async function* playerDataChunks(ctx: AppContext, user: UserRow): AsyncGenerator<string> {
  const head = JSON.stringify(await accountPart(ctx, user))
  // the object without its closing brace, the long lists appended to it
  yield `${head.slice(0, -1)},"predictions":`
  yield* jsonArray(predictionPages(ctx.db, user.id))
  yield ',"bets":'
  yield* jsonArray(betPages(ctx.db, user.id))
  yield ',"transactions":'
  yield* jsonArray(transactionPages(ctx.db, user.id))
  yield '}'
}
