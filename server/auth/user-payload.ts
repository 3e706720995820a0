import type { AuthUser, PublicUser } from '../../src/api/users'
import { fromHundredths } from '../../src/domain/currency'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import type { Executor } from '../db/database'
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
import { formatInvitationCode } from './invitation-codes'
import { invitationCodesOf } from './invitations.repo'

function walletPayload(wallet: WalletRow) {
  return { address: wallet.address, balance: fromHundredths(wallet.balance), createdAt: wallet.createdAt }
}

export function publicUserPayload(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    rank: 0,
    liveRank: 0,
    userBadges: [],
    createdAt: user.createdAt,
  }
}

/**
 * The signed-in player as the client mirrors it; the private key of a wallet never leaves the server.
 * taggedMessages: the predictions of the last 7 days (what the client keeps), newest first, at most
 * 1000; rewardFactor: what the next prediction would earn.
 */
export async function authUserPayload(
  db: Executor,
  user: UserRow,
  session: SessionRow,
  websocketCredentials: string,
  now: number,
): Promise<AuthUser> {
  const [wallets, codes, predictions, running] = await Promise.all([
    walletsOf(db, user.id),
    invitationCodesOf(db, user.id),
    recentPredictions(db, user.id, now - recentPredictionsWindowMs),
    runningPredictionCount(db, user.id, now),
  ])
  const primary = wallets[0]
  if (!primary) throw new Error(`user ${user.id} has no wallet`)
  return {
    ...publicUserPayload(user),
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
