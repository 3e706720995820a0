/**
 * What a ledger row's reference says it was for. The server writes them (`poll:<pollId>` a bet or its
 * payout, `tag:<titleId>:<messageId>` one prediction's reward, `tags:<count>` a backlog's rewards in
 * one row, `signup` the welcome grant, `group-prize:<groupId>` and `group-prize-refund:<groupId>` an
 * event's prize, `operator-grant:<reason>` TTC the operator gave); the server reads them to say which
 * poll and title, the client to word them.
 */
export type TransactionReference =
  | { readonly kind: 'poll'; readonly pollId: number }
  | { readonly kind: 'prediction'; readonly titleId: number; readonly messageId: string }
  | { readonly kind: 'predictions'; readonly count: number }
  | { readonly kind: 'signup' }
  | { readonly kind: 'groupPrize'; readonly groupId: number }
  | { readonly kind: 'groupPrizeRefund'; readonly groupId: number }
  | { readonly kind: 'operatorGrant'; readonly reason: string }
  | { readonly kind: 'other' }

/** The reference of TTC the operator gave a player (`npm run admin -- grant`), with the reason they read. */
export const operatorGrantReference = (reason: string) => `operator-grant:${reason}`

const positive = (text: string | undefined) => {
  const value = Number(text)
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

export function parseTransactionReference(reference: string): TransactionReference {
  const [kind = '', first, ...rest] = reference.split(':')
  const id = positive(first)
  if (kind === 'signup' && first === undefined) return { kind: 'signup' }
  // the reason is the operator's words, colons and all
  if (kind === 'operator-grant' && first) return { kind: 'operatorGrant', reason: [first, ...rest].join(':') }
  if (id === undefined) return { kind: 'other' }
  if (kind === 'poll' && rest.length === 0) return { kind: 'poll', pollId: id }
  // a message id may hold colons of its own
  if (kind === 'tag' && rest.length > 0) return { kind: 'prediction', titleId: id, messageId: rest.join(':') }
  if (kind === 'tags' && rest.length === 0) return { kind: 'predictions', count: id }
  if (kind === 'group-prize' && rest.length === 0) return { kind: 'groupPrize', groupId: id }
  if (kind === 'group-prize-refund' && rest.length === 0) return { kind: 'groupPrizeRefund', groupId: id }
  return { kind: 'other' }
}
