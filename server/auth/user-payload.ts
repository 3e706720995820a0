import type { AuthUser, PublicUser } from '../../src/api/users'
import { fromHundredths } from '../../src/domain/currency'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import { inReadTransaction } from '../db/read-transaction'
import type { SessionRow } from '../db/tables/sessions.table'
import type { UserRow } from '../db/tables/users.table'
import type { WalletRow } from '../db/tables/wallets.table'
import { walletsOf } from '../game/ledger'
import {
  recentPredictions,
  recentPredictionsWindowMs,
  runningPredictionCount,
  toTaggedMessage,
} from '../game/predictions'
import { type RankingsContext, type Standing, standingsOf } from '../game/rankings'
import { formatInvitationCode } from './invitation-codes'
import { invitationCodesOf } from './invitations.repo'

function walletPayload(wallet: WalletRow) {
  return { address: wallet.address, balance: fromHundredths(wallet.balance), createdAt: wallet.createdAt }
}

const unranked: Standing = { rank: 0, liveRank: 0, userBadges: [] }

/** rank and liveRank: last week's and this week's rank in group 1000 (0: not ranked); badges: trophies. */
export function publicUserPayload(user: UserRow, standing: Standing = unranked): PublicUser {
  return {
    id: user.id,
    username: user.username,
    rank: standing.rank,
    liveRank: standing.liveRank,
    userBadges: standing.userBadges,
    createdAt: user.createdAt,
  }
}

/** Public profiles with their standings, read in one snapshot. */
export async function publicUsersPayload(
  ctx: RankingsContext,
  users: readonly UserRow[],
  now: number,
): Promise<PublicUser[]> {
  const ids = users.map((user) => user.id)
  const standings = await inReadTransaction(ctx.db, (db) => standingsOf(ctx, db, ids, now))
  return users.map((user) => publicUserPayload(user, standings.get(user.id)))
}

/**
 * The signed-in player as the client mirrors it; the private key of a wallet never leaves the server.
 * taggedMessages: the predictions of the last 7 days (what the client keeps), newest first, at most
 * 1000; rewardFactor: what the next prediction would earn.
 */
export async function authUserPayload(
  ctx: RankingsContext,
  user: UserRow,
  session: SessionRow,
  websocketCredentials: string,
  now: number,
): Promise<AuthUser> {
  const { db } = ctx
  const [wallets, codes, predictions, running, standings] = await Promise.all([
    walletsOf(db, user.id),
    invitationCodesOf(db, user.id),
    recentPredictions(db, user.id, now - recentPredictionsWindowMs),
    runningPredictionCount(db, user.id, now),
    inReadTransaction(db, (snapshot) => standingsOf(ctx, snapshot, [user.id], now)),
  ])
  const primary = wallets[0]
  if (!primary) throw new Error(`user ${user.id} has no wallet`)
  return {
    ...publicUserPayload(user, standings.get(user.id)),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    websocketCredentials,
    rewardFactor: rewardFactorFor(running),
    taggedMessages: predictions.map(toTaggedMessage),
    wallets: wallets.map(walletPayload),
    wallet: walletPayload(primary),
    activeGroupId: session.activeGroupId,
    invitationCodes: codes.map((c) => ({
      code: formatInvitationCode(c.code),
      expiresAt: c.expiresAt,
      usedAt: c.usedAt,
    })),
  }
}
