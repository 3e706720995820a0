import type { Transaction, TransactionType } from '~/api/transactions'
import type { TrophyKind } from '~/domain/account-summary'
import { isRanked } from '~/domain/account-summary'

/** What each ledger type means to a player (spec §3 "Transaction" types). */
export const transactionTypeLabels: Record<TransactionType, string> = {
  wager: 'Bet placed',
  tag: 'Prediction reward',
  payment: 'Payment',
  grant: 'Grant',
  reward: 'Event prize',
}

/**
 * A transaction in a player's words: its type, and for payments what the reference says they were (the
 * server's references: `poll:<id>` a poll's payout, `group-prize:<id>` an event's prize put aside,
 * `group-prize-refund:<id>` it coming back when nobody won).
 */
export function transactionLabel(transaction: Pick<Transaction, 'type' | 'reference'>): string {
  if (transaction.type !== 'payment') return transactionTypeLabels[transaction.type]
  const [kind] = transaction.reference.split(':')
  if (kind === 'poll') return 'Poll winnings'
  if (kind === 'group-prize') return 'Event prize set aside'
  if (kind === 'group-prize-refund') return 'Event prize returned'
  return transactionTypeLabels.payment
}

export const trophyLabels: Record<TrophyKind, string> = { gold: 'Gold', silver: 'Silver', bronce: 'Bronze' }

/** 'Rank #3', or 'Not ranked' for the server's 0. */
export const rankText = (label: string, rank: number) =>
  isRanked(rank) ? `${label} #${rank}` : `${label}: not ranked`
