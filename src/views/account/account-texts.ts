import type { TransactionType } from '~/api/transactions'
import type { TrophyKind } from '~/domain/account-summary'
import { isRanked } from '~/domain/account-summary'

/** What each ledger type means to a player (spec §3 "Transaction" types). */
export const transactionTypeLabels: Record<TransactionType, string> = {
  wager: 'Bet placed',
  tag: 'Prediction reward',
  payment: 'Payment',
  grant: 'Grant',
  reward: 'Poll winnings',
}

export const trophyLabels: Record<TrophyKind, string> = { gold: 'Gold', silver: 'Silver', bronce: 'Bronce' }

/** 'Rank #3', or 'Not ranked' for the server's 0. */
export const rankText = (label: string, rank: number) =>
  isRanked(rank) ? `${label} #${rank}` : `${label}: not ranked`
