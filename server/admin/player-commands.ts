import { oneLineTextSchema } from '../../src/api/one-line-text'
import { fromHundredths, toHundredths } from '../../src/domain/currency'
import { operatorGrantNews } from '../../src/domain/important-messages'
import { formatTtc } from '../../src/domain/number-format'
import { ttcAmountProblem } from '../../src/domain/ttc-amount'
import { newsLinks } from '../auth/links'
import { playerRecord } from '../auth/player-record'
import { renamePlayer } from '../auth/rename-player'
import { liftSuspension, suspendAccount } from '../auth/suspension'
import { findUserById } from '../auth/users.repo'
import { tellImportantMessage } from '../game/important-messages'
import { grantFromOperator } from '../game/operator-grants'
import { usernameChangedMail } from '../mail/templates'
import { withOperatorContext } from './operator-context'
import { usage } from './usage'

/** `show PLAYER`: what the game knows of a player, before the operator acts. */
export async function showPlayerCommand(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error(`show needs one PLAYER (a username or an e-mail address)\n\n${usage}`)
    return 2
  }
  const login = args[0] ?? ''
  return withOperatorContext(async (ctx) => {
    const record = await playerRecord(ctx.db, login)
    if (!record) {
      console.error(`no player ${login}`)
      return 2
    }
    const at = (ms: number) => new Date(ms).toISOString()
    console.log(
      [
        `${record.username} (id ${record.userId})`,
        `e-mail: ${record.email} (${record.emailConfirmed ? 'confirmed' : 'not confirmed'})`,
        `signed up: ${at(record.createdAt)}`,
        `last seen: ${record.lastSeenAt === null ? 'no session' : at(record.lastSeenAt)}`,
        `suspended: ${record.suspendedAt === null ? 'no' : `since ${at(record.suspendedAt)}`}`,
        `balance: ${formatTtc(fromHundredths(record.balance))}`,
        `predictions: ${record.predictions}, bets: ${record.bets}`,
        `groups: ${record.groups}, admin of: ${record.adminOf.length === 0 ? 'none' : record.adminOf.join(', ')}`,
      ].join('\n'),
    )
    return 0
  })
}

/** `suspend PLAYER`, `unsuspend PLAYER`: lock a player out of the game, or let them back. */
export async function changeSuspension(command: 'suspend' | 'unsuspend', players: string[]): Promise<number> {
  if (players.length !== 1) {
    console.error(`${command} needs one PLAYER (a username or an e-mail address)\n\n${usage}`)
    return 2
  }
  const login = players[0] ?? ''
  return withOperatorContext(async (ctx) => {
    const change =
      command === 'suspend'
        ? await suspendAccount(ctx.db, login, ctx.clock.now())
        : await liftSuspension(ctx.db, login)
    if (!change) {
      console.error(`no player ${login}`)
      return 2
    }
    const who = `${change.username} (id ${change.userId})`
    if (command === 'unsuspend')
      console.log(change.unchanged ? `${who} was not suspended` : `${who} may sign in again`)
    else
      console.log(
        `${who} ${change.unchanged ? 'was suspended already' : 'is suspended'}: ${change.sessionsEnded} session(s) ended`,
      )
    return 0
  })
}

/** `rename PLAYER NEW_USERNAME`: a name that follows the rules for one that does not. */
export async function renamePlayerCommand(args: string[]): Promise<number> {
  if (args.length !== 2) {
    console.error(`rename needs a PLAYER (a username or an e-mail address) and a NEW_USERNAME\n\n${usage}`)
    return 2
  }
  const [login = '', newName = ''] = args
  return withOperatorContext(async (ctx) => {
    const renamed = await renamePlayer(ctx.db, login, newName)
    if (renamed.kind === 'no-player') console.error(`no player ${login}`)
    else if (renamed.kind === 'invalid') console.error(`${newName}: ${renamed.problem}`)
    else if (renamed.kind === 'taken') console.error(`${newName} is taken by another player`)
    if (renamed.kind !== 'renamed') return 2
    console.log(`${renamed.from} (id ${renamed.userId}) is now ${renamed.to}`)
    // they sign in with it now: the account's address hears of it, whatever the player chose to get
    const user = await findUserById(ctx.db, renamed.userId)
    if (user) {
      try {
        await ctx.mailer.send(usernameChangedMail(user.email, user.username, newsLinks(ctx.config, user)))
        console.log(`mailed ${user.email}`)
      } catch (error) {
        console.error(`the mail to ${user.email} failed: ${error instanceof Error ? error.message : error}`)
      }
    }
    return 0
  })
}

/** A grant's reason, read by the player beside it: one line. */
const grantReasonSchema = oneLineTextSchema('A reason', 140)

/** The most the operator gives at once: a generous prize, far from what would upset the rankings' sense. */
const maxOperatorGrantTtc = 100_000

/** `grant PLAYER TTC REASON`: TTC the operator gives a player, with the reason they read. */
export async function grantCommand(args: string[]): Promise<number> {
  if (args.length !== 3) {
    console.error(`grant needs a PLAYER, an amount of TTC and a REASON (quoted)\n\n${usage}`)
    return 2
  }
  const [login = '', amount = '', rawReason = ''] = args
  const ttc = Number(amount)
  if (amount.trim() === '' || ttcAmountProblem(ttc, maxOperatorGrantTtc)) {
    console.error(
      `${amount}: the amount must be more than 0 and at most 100000 TTC, with at most two decimals`,
    )
    return 2
  }
  const reason = grantReasonSchema.safeParse(rawReason)
  if (!reason.success) {
    console.error(reason.error.issues[0]?.message)
    return 2
  }
  return withOperatorContext(async (ctx) => {
    const granted = await grantFromOperator(ctx.db, {
      login,
      hundredths: toHundredths(ttc),
      reason: reason.data,
      now: ctx.clock.now(),
    })
    if (granted.kind === 'no-player') {
      console.error(`no player ${login}`)
      return 2
    }
    console.log(
      `${granted.username} (id ${granted.userId}) got ${formatTtc(ttc)}: balance ${formatTtc(fromHundredths(granted.balance))}`,
    )
    const told = await tellImportantMessage(
      ctx,
      granted.userId,
      operatorGrantNews({ ttc, reason: reason.data }),
    )
    const channels = [told.mailed ? 'mail' : '', told.pushed > 0 ? 'push' : ''].filter(Boolean)
    if (channels.length > 0) console.log(`told by ${channels.join(' and ')}`)
    return 0
  })
}
