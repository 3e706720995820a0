import type { Transaction, TransactionAbout, TransactionType } from '~/api/transactions'
import { isRanked } from '~/domain/account-summary'
import { titleLabel } from '~/domain/title-label'
import { parseTransactionReference } from '~/domain/transaction-reference'

/** What each ledger type means to a player (spec §3 "Transaction" types). */
export const transactionTypeLabels: Record<TransactionType, string> = {
  wager: 'Bet placed',
  tag: 'Prediction reward',
  payment: 'Payment',
  grant: 'Grant',
  reward: 'Event prize',
}

/** What a payment was, by its reference: a poll's payout, an event's prize put aside or coming back. */
function paymentLabel(reference: string): string {
  const { kind } = parseTransactionReference(reference)
  if (kind === 'poll') return 'Poll winnings'
  if (kind === 'groupPrize') return 'Event prize set aside'
  if (kind === 'groupPrizeRefund') return 'Event prize returned'
  return transactionTypeLabels.payment
}

const sideLabels = { up: 'Up', flat: 'Flat', down: 'Down' } as const

/** The poll's or prediction's title and the side bet on, or how many predictions a credit paid. */
function aboutText(about: TransactionAbout | undefined, titleName: (id: number) => string | undefined) {
  if (about?.predictions !== undefined && about.predictions > 1) return `${about.predictions} predictions`
  if (about?.titleId === undefined) return undefined
  const title = titleLabel(about.titleId, titleName(about.titleId))
  return about.side ? `${title} (${sideLabels[about.side]})` : title
}

/**
 * A transaction in a player's words: its type (for payments what the reference says they were), then
 * what it was for when the server said so: 'Bet placed: Apple (Up)', 'Poll winnings: Apple (Up)',
 * 'Prediction reward: Tesla', 'Prediction reward: 12 predictions'.
 */
export function transactionLabel(
  transaction: Pick<Transaction, 'type' | 'reference' | 'about'>,
  titleName: (id: number) => string | undefined = () => undefined,
): string {
  const reference = parseTransactionReference(transaction.reference)
  // the operator's grant says why, in the operator's words
  if (transaction.type === 'grant' && reference.kind === 'operatorGrant')
    return `From the operator: ${reference.reason}`
  const kind =
    transaction.type === 'payment'
      ? paymentLabel(transaction.reference)
      : transactionTypeLabels[transaction.type]
  const about = aboutText(transaction.about, titleName)
  return about ? `${kind}: ${about}` : kind
}

/** 'Rank #3', or 'Not ranked' for the server's 0. */
export const rankText = (label: string, rank: number) =>
  isRanked(rank) ? `${label} #${rank}` : `${label}: not ranked`
