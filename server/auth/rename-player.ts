import { usernameSchema } from '../../src/api/auth'
import type { AppContext } from '../context'
import type { UserRow } from '../db/tables/users.table'
import { usernameChangedMail } from '../mail/templates'
import { isUniqueViolation } from './accounts'
import { newsLinks } from './links'
import { moveNamesVersion } from './names-version'
import { findUserByLogin, findUserByUsername } from './users.repo'

export type PlayerRename =
  | {
      readonly kind: 'renamed'
      readonly userId: number
      readonly from: string
      readonly to: string
      /** where the new name was mailed, and whether the mailer took it */
      readonly email: string
      readonly mailed: boolean
    }
  | { readonly kind: 'no-player' }
  /** the new name breaks the sign-up's rules: their text */
  | { readonly kind: 'invalid'; readonly problem: string }
  | { readonly kind: 'taken' }

/**
 * The operator renames a player whose username breaks the game's rules (`npm run admin -- rename`): the
 * new name follows the sign-up's rules and is free. The player signs in with it (or their e-mail
 * address) from now on, so the account's address is told whatever the player chose to get; what they
 * played stays theirs. The rankings and activity show it at their next read (the names' version moves).
 */
export async function renamePlayer(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'log'>,
  login: string,
  newName: string,
): Promise<PlayerRename> {
  const parsed = usernameSchema.safeParse(newName)
  if (!parsed.success) return { kind: 'invalid', problem: parsed.error.issues[0]?.message ?? '' }
  const to = parsed.data
  let renamed: UserRow | { kind: 'no-player' | 'taken' }
  try {
    renamed = await ctx.db.transaction().execute(async (tx) => {
      const user = await findUserByLogin(tx, login)
      if (!user) return { kind: 'no-player' as const }
      const holder = await findUserByUsername(tx, to)
      // the same player may change the case of their name
      if (holder && holder.id !== user.id) return { kind: 'taken' as const }
      await tx
        .updateTable('users')
        .set({ username: to, usernameKey: to.toLowerCase() })
        .where('id', '=', user.id)
        .execute()
      await moveNamesVersion(tx)
      return user
    })
  } catch (error) {
    // a sign-up took the name between the look and the write: the unique index decides
    if (isUniqueViolation(error)) return { kind: 'taken' }
    throw error
  }
  if ('kind' in renamed) return renamed
  const mailed = await ctx.mailer
    .send(usernameChangedMail(renamed.email, to, newsLinks(ctx.config, renamed)))
    .then(
      () => true,
      (err) => {
        ctx.log.error({ err, userId: renamed.id }, 'the new username could not be mailed')
        return false
      },
    )
  return { kind: 'renamed', userId: renamed.id, from: renamed.username, to, email: renamed.email, mailed }
}
