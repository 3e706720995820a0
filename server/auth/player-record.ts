import { sql } from 'kysely'
import type { Executor } from '../db/database'
import { findUserByLogin } from './users.repo'

/** What the operator looks at before acting on a player (`npm run admin -- show PLAYER`). */
export interface PlayerRecord {
  readonly userId: number
  readonly username: string
  readonly email: string
  readonly emailConfirmed: boolean
  readonly createdAt: number
  /** the latest request of any of their sessions; null: no session now */
  readonly lastSeenAt: number | null
  readonly suspendedAt: number | null
  /** hundredths, all their wallets */
  readonly balance: number
  readonly predictions: number
  readonly bets: number
  /** the groups they are an active member of, and those of them they administer */
  readonly groups: number
  readonly adminOf: readonly string[]
}

/** The record of a username or an e-mail address, or undefined for no such account. */
export async function playerRecord(db: Executor, login: string): Promise<PlayerRecord | undefined> {
  const user = await findUserByLogin(db, login)
  if (!user) return undefined
  const count = (table: 'taggedMessages' | 'votes') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
  const [seen, money, predictions, bets, memberships] = await Promise.all([
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.max('lastSeenAt').as('at'))
      .where('userId', '=', user.id)
      .executeTakeFirst(),
    db
      .selectFrom('wallets')
      .select(sql<number | string | null>`sum(balance)`.as('hundredths'))
      .where('userId', '=', user.id)
      .executeTakeFirst(),
    count('taggedMessages'),
    count('votes'),
    db
      .selectFrom('groupMembers')
      .innerJoin('userGroups', 'userGroups.id', 'groupMembers.groupId')
      .select(['userGroups.name', 'groupMembers.isAdmin'])
      .where('groupMembers.userId', '=', user.id)
      .where('groupMembers.status', '=', 'active')
      .orderBy('userGroups.id')
      .execute(),
  ])
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    createdAt: Number(user.createdAt),
    lastSeenAt: seen?.at == null ? null : Number(seen.at),
    suspendedAt: user.suspendedAt === null ? null : Number(user.suspendedAt),
    balance: Number(money?.hundredths ?? 0),
    predictions: Number(predictions.n),
    bets: Number(bets.n),
    groups: memberships.length,
    adminOf: memberships.filter((row) => row.isAdmin === 1).map((row) => row.name),
  }
}
