import type { PushSubscriptionBody } from '../../src/api/push'
import type { Db, Executor } from '../db/database'
import type { PushSubscriptionRow } from '../db/tables/push-subscriptions.table'

/**
 * Saves the browser's subscription for the session that sent it. An endpoint is one browser: sent
 * again (new keys, or another player signed in on that browser) it moves to the new session. A session
 * is one browser too: its earlier subscription goes, so no player can make one piece of news fan out
 * to any number of addresses.
 */
export async function savePushSubscription(
  db: Db,
  owner: { readonly sessionIdHash: string; readonly userId: number },
  subscription: PushSubscriptionBody,
  now: number,
): Promise<void> {
  const row = {
    endpoint: subscription.endpoint,
    sessionIdHash: owner.sessionIdHash,
    userId: owner.userId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    createdAt: now,
  }
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('pushSubscriptions')
      .where('sessionIdHash', '=', row.sessionIdHash)
      .where('endpoint', '!=', row.endpoint)
      .execute()
    await tx
      .insertInto('pushSubscriptions')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet({
          sessionIdHash: row.sessionIdHash,
          userId: row.userId,
          p256dh: row.p256dh,
          auth: row.auth,
          createdAt: row.createdAt,
        }),
      )
      .execute()
  })
}

/** Ends the pushes to one browser of the player; another player's browser is left alone. */
export async function deletePushSubscription(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('pushSubscriptions')
    .where('endpoint', '=', endpoint)
    .where('userId', '=', userId)
    .execute()
}

/** A push service said the browser is gone (404, 410): nothing will reach it again. */
export async function forgetPushEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).execute()
}

export async function pushSubscriptionsOf(db: Executor, userId: number): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('pushSubscriptions').selectAll().where('userId', '=', userId).execute()
}

/** Which of the players have at least one subscribed browser. */
export async function playersWithBrowsers(db: Executor, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('pushSubscriptions')
    .select('userId')
    .distinct()
    .where('userId', 'in', userIds)
    .execute()
  return new Set(rows.map((row) => row.userId))
}
