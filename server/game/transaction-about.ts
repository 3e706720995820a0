import type { TransactionAbout } from '../../src/api/transactions'
import { parseTransactionReference } from '../../src/domain/transaction-reference'
import type { Executor } from '../db/database'

/**
 * What each of a wallet's ledger rows was for: the reference names a poll or a prediction; the poll's
 * title and the side this wallet bet on are read for all the page's polls at once (two statements).
 */
export async function aboutTransactions(
  db: Executor,
  walletAddress: string,
  references: readonly string[],
): Promise<(TransactionAbout | undefined)[]> {
  const parsed = references.map(parseTransactionReference)
  const pollIds = [...new Set(parsed.flatMap((r) => (r.kind === 'poll' ? [r.pollId] : [])))]
  const [polls, bets] =
    pollIds.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom('polls').select(['id', 'titleId']).where('id', 'in', pollIds).execute(),
          db
            .selectFrom('votes')
            .select(['pollId', 'vote'])
            .where('walletAddress', '=', walletAddress)
            .where('pollId', 'in', pollIds)
            .execute(),
        ])
  const titleOf = new Map(polls.map((poll) => [poll.id, poll.titleId]))
  const sideOf = new Map(bets.map((bet) => [bet.pollId, bet.vote]))
  return parsed.map((reference): TransactionAbout | undefined => {
    switch (reference.kind) {
      case 'poll':
        return {
          pollId: reference.pollId,
          titleId: titleOf.get(reference.pollId),
          side: sideOf.get(reference.pollId),
        }
      case 'prediction':
        return { titleId: reference.titleId, messageId: reference.messageId, predictions: 1 }
      case 'predictions':
        return { predictions: reference.count }
      default:
        return undefined
    }
  })
}
