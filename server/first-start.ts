import { formatInvitationCode } from './auth/invitation-codes'
import { createInvitationCodes, operatorCodeLifetimeMs } from './auth/invitations.repo'
import type { AppContext } from './context'

/**
 * A fresh install has no players and sign-up needs a code: on the first start (no account, no code)
 * print one, so whoever started the server can sign up right away.
 */
export async function printFirstStartInvitation(ctx: AppContext): Promise<string | undefined> {
  const anyUser = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  const anyCode = await ctx.db.selectFrom('invitationCodes').select('code').limit(1).executeTakeFirst()
  if (anyUser || anyCode) return undefined
  const [code] = await createInvitationCodes(ctx.db, {
    count: 1,
    ownerId: null,
    now: ctx.clock.now(),
    lifetimeMs: operatorCodeLifetimeMs,
  })
  if (!code) return undefined
  const shown = formatInvitationCode(code)
  console.log(
    `\n  Alpha is running at ${ctx.config.appOrigin}\n  Invitation code for the first sign-up: ${shown}\n  More codes: npm run admin -- invite --count 5\n`,
  )
  return shown
}
