import type { Executor } from '../../db/database'
import type { OAuthAccountRow } from '../../db/tables/oauth-accounts.table'

export interface OAuthIdentity {
  provider: string
  providerUserId: string
}

export function findOAuthAccount(
  db: Executor,
  identity: OAuthIdentity,
): Promise<OAuthAccountRow | undefined> {
  return db
    .selectFrom('oauthAccounts')
    .selectAll()
    .where('provider', '=', identity.provider)
    .where('providerUserId', '=', identity.providerUserId)
    .executeTakeFirst()
}

/** Links the identity to the account; false when it is linked already (two callbacks racing). */
export async function linkOAuthAccount(
  db: Executor,
  identity: OAuthIdentity,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('oauthAccounts')
    .values({ ...identity, userId, createdAt: now })
    .onConflict((oc) => oc.columns(['provider', 'providerUserId']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
}
