import { operatorGrantReference } from '../../src/domain/transaction-reference'
import { findUserByLogin } from '../auth/users.repo'
import type { Db } from '../db/database'
import { inTransaction } from '../db/transaction'
import { post, walletsOf } from './ledger'

export type OperatorGrant =
  | {
      readonly kind: 'granted'
      readonly userId: number
      readonly username: string
      /** the wallet's balance after the grant, in hundredths */
      readonly balance: number
    }
  | { readonly kind: 'no-player' }

/**
 * TTC the operator gives a player (`npm run admin -- grant`): after an incident, as a prize of the
 * operator's own contest. It is new money, as the sign-up's welcome grant is: one `grant` row of the
 * ledger on the player's first wallet, whose reference carries the reason the player reads beside it.
 */
export function grantFromOperator(
  db: Db,
  grant: {
    readonly login: string
    readonly hundredths: number
    readonly reason: string
    readonly now: number
  },
): Promise<OperatorGrant> {
  return inTransaction(db, async (tx) => {
    const user = await findUserByLogin(tx, grant.login)
    const wallet = user && (await walletsOf(tx, user.id))[0]
    if (!user || !wallet) return { kind: 'no-player' as const }
    await post(tx, {
      address: wallet.address,
      type: 'grant',
      amount: grant.hundredths,
      reference: operatorGrantReference(grant.reason),
      now: grant.now,
    })
    const after = await tx
      .selectFrom('wallets')
      .select('balance')
      .where('address', '=', wallet.address)
      .executeTakeFirstOrThrow()
    return {
      kind: 'granted' as const,
      userId: user.id,
      username: user.username,
      balance: Number(after.balance),
    }
  })
}
