import type { TestServer } from './test-server'

/** Row counts of every table a sign-up, session or payment touches, to assert that a refusal changed nothing. */
export interface TableCounts {
  users: number
  sessions: number
  wallets: number
  ledger: number
  invitationCodes: number
  usedInvitationCodes: number
}

export async function tableCounts(server: TestServer): Promise<TableCounts> {
  const db = server.ctx.db
  const count = async (table: 'users' | 'sessions' | 'wallets' | 'ledger' | 'invitationCodes') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }
  const used = await db
    .selectFrom('invitationCodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('usedAt', 'is not', null)
    .executeTakeFirstOrThrow()
  return {
    users: await count('users'),
    sessions: await count('sessions'),
    wallets: await count('wallets'),
    ledger: await count('ledger'),
    invitationCodes: await count('invitationCodes'),
    usedInvitationCodes: Number(used.n),
  }
}

/** Sum of every wallet balance (hundredths), the Bank's included. */
export async function walletTotal(server: TestServer): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('wallets')
    .select((eb) => eb.fn.sum<number>('balance').as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total ?? 0)
}

export async function sessionCountOf(server: TestServer, userId: number): Promise<number> {
  const row = await server.ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
