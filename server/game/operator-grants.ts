import { oneLineTextSchema } from '../../src/api/one-line-text'
import { toHundredths } from '../../src/domain/currency'
import { operatorGrantNews } from '../../src/domain/important-messages'
import { operatorGrantReference } from '../../src/domain/transaction-reference'
import { ttcAmountProblem } from '../../src/domain/ttc-amount'
import { findUserByLogin } from '../auth/users.repo'
import type { AppContext } from '../context'
import { inTransaction } from '../db/transaction'
import { type Told, tellImportantMessage } from './important-messages'
import { post, walletsOf } from './ledger'

/** The most the operator gives at once: a generous prize, far from what would upset the rankings' sense. */
export const maxOperatorGrantTtc = 100_000

/** A grant's reason, read by the player beside it: one line. */
const grantReasonSchema = oneLineTextSchema('A reason', 140)

/** The operator's grant as typed (`grant PLAYER TTC REASON`): its amount and reason, or why it is refused. */
export function parseOperatorGrant(
  amount: string,
  reason: string,
): { readonly ttc: number; readonly reason: string } | { readonly problem: string } {
  const ttc = Number(amount)
  if (ttcAmountProblem(ttc, maxOperatorGrantTtc))
    return {
      problem: `${amount}: the amount must be more than 0 and at most ${maxOperatorGrantTtc} TTC, with at most two decimals`,
    }
  const parsed = grantReasonSchema.safeParse(reason)
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? '' }
  return { ttc, reason: parsed.data }
}

export type OperatorGrant =
  | {
      readonly kind: 'granted'
      readonly userId: number
      readonly username: string
      /** the wallet's balance after the grant, in hundredths */
      readonly balance: number
      /** the player's important-message channels that carried the news */
      readonly told: Told
    }
  | { readonly kind: 'no-player' }

/**
 * TTC the operator gives a player (`npm run admin -- grant`): after an incident, as a prize of the
 * operator's own contest. It is new money, as the sign-up's welcome grant is: one `grant` row of the
 * ledger on the player's first wallet, whose reference carries the reason the player reads beside it.
 * Once it is committed the player hears of it by their important-message channels.
 */
export async function grantFromOperator(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log' | 'metrics'>,
  grant: { readonly login: string; readonly ttc: number; readonly reason: string; readonly now: number },
): Promise<OperatorGrant> {
  const granted = await inTransaction(ctx.db, async (tx) => {
    const user = await findUserByLogin(tx, grant.login)
    const wallet = user && (await walletsOf(tx, user.id))[0]
    if (!user || !wallet) return { kind: 'no-player' as const }
    await post(tx, {
      address: wallet.address,
      type: 'grant',
      amount: toHundredths(grant.ttc),
      reference: operatorGrantReference(grant.reason),
      now: grant.now,
    })
    const after = await tx
      .selectFrom('wallets')
      .select('balance')
      .where('address', '=', wallet.address)
      .executeTakeFirstOrThrow()
    return { userId: user.id, username: user.username, balance: Number(after.balance) }
  })
  if (granted.kind === 'no-player') return { kind: 'no-player' }
  const told = await tellImportantMessage(
    ctx,
    granted.userId,
    operatorGrantNews({ ttc: grant.ttc, reason: grant.reason }),
  )
  const { userId, username, balance } = granted
  return { kind: 'granted', userId, username, balance, told }
}
