import { overBalanceText } from '../../src/api/polls'
import type { Executor, Tx } from '../db/database'
import type { UserGroupRow } from '../db/tables/groups.table'
import { fieldRefusal } from '../refusal'
import { bankAddress, post, walletsOf } from './ledger'

// An event's extra prize: funded from its creator's wallet when the event is made, held in a wallet of
// its own, paid to the winner once the event has ended, refunded when the event goes before that.

/** The wallet that holds an event's extra prize from its creation until it is paid. */
export const prizeWalletOf = (groupId: number) => `prize:group:${groupId}`

/** Moves the prize from the creator's wallet into the event's prize wallet (refused when short). */
export async function fundPrize(tx: Tx, groupId: number, creatorId: number, prize: number, now: number) {
  const [wallet] = await walletsOf(tx, creatorId)
  if (!wallet || wallet.balance < prize) {
    const message = overBalanceText(wallet?.balance ?? 0)
    throw fieldRefusal('extraPrize', message, 'insufficient_balance')
  }
  const address = prizeWalletOf(groupId)
  await tx.insertInto('wallets').values({ address, userId: null, balance: 0, createdAt: now }).execute()
  const reference = `group-prize:${groupId}`
  await post(tx, { address: wallet.address, type: 'payment', amount: -prize, reference, now })
  await post(tx, { address, type: 'payment', amount: prize, reference, now })
}

/** An unpaid prize goes back to the creator, or to the Bank when the creator's account is gone. */
export async function refundPrize(tx: Tx, group: UserGroupRow, now: number): Promise<void> {
  const [creatorWallet] = group.createdBy === null ? [] : await walletsOf(tx, group.createdBy)
  const reference = `group-prize-refund:${group.id}`
  await post(tx, {
    address: prizeWalletOf(group.id),
    type: 'payment',
    amount: -group.extraPrize,
    reference,
    now,
  })
  await post(tx, {
    address: creatorWallet?.address ?? bankAddress,
    type: 'payment',
    amount: group.extraPrize,
    reference,
    now,
  })
}

/** Events whose end has come and whose extra prize waits for its winner. */
export function eventsWithPrizeDue(db: Executor, now: number): Promise<UserGroupRow[]> {
  return db
    .selectFrom('userGroups')
    .selectAll()
    .where('type', '=', 'event')
    .where('extraPrize', '>', 0)
    .where('prizePaidAt', 'is', null)
    .where('endTime', '<=', now)
    .orderBy('endTime')
    .execute()
}

/** Where an event's prize went: to its winner, or back to its creator (null: the creator's account is gone). */
export interface SettledPrize {
  readonly groupName: string
  /** hundredths of TTC */
  readonly amount: number
  readonly to: 'winner' | 'creator'
  readonly userId: number | null
}

/**
 * Pays an ended event's extra prize once, as a ledger 'reward' from the prize wallet to the winner (the
 * event's best player, chosen by the rankings); without a winner it goes back to the creator. Call it in
 * a transaction; null when the prize was paid already, is not due yet or there is none.
 */
export async function settleEventPrize(
  tx: Tx,
  groupId: number,
  winnerUserId: number | null,
  now: number,
): Promise<SettledPrize | null> {
  const claimed = await tx
    .updateTable('userGroups')
    .set({ prizePaidAt: now })
    .where('id', '=', groupId)
    .where('type', '=', 'event')
    .where('extraPrize', '>', 0)
    .where('prizePaidAt', 'is', null)
    .where('endTime', '<=', now)
    .executeTakeFirst()
  if (claimed.numUpdatedRows !== 1n) return null
  const group = await tx
    .selectFrom('userGroups')
    .selectAll()
    .where('id', '=', groupId)
    .executeTakeFirstOrThrow()
  const [winnerWallet] = winnerUserId === null ? [] : await walletsOf(tx, winnerUserId)
  const settled = { groupName: group.name, amount: group.extraPrize }
  if (!winnerWallet) {
    await refundPrize(tx, group, now)
    return { ...settled, to: 'creator', userId: group.createdBy }
  }
  const reference = `group-prize:${groupId}`
  await post(tx, {
    address: prizeWalletOf(groupId),
    type: 'reward',
    amount: -group.extraPrize,
    reference,
    now,
  })
  await post(tx, { address: winnerWallet.address, type: 'reward', amount: group.extraPrize, reference, now })
  return { ...settled, to: 'winner', userId: winnerUserId }
}
