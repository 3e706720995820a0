import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fromHundredths } from '../../src/domain/currency'
import { formatTtc } from '../../src/domain/number-format'
import { playerDataChunks } from '../auth/player-data'
import { playerRecord } from '../auth/player-record'
import { renamePlayer } from '../auth/rename-player'
import { liftSuspension, suspendAccount } from '../auth/suspension'
import { findUserByLogin } from '../auth/users.repo'
import { grantFromOperator, parseOperatorGrant } from '../game/operator-grants'
import { withOperatorContext } from './operator-context'
import { usageError } from './usage'

/** `show PLAYER`: what the game knows of a player, before the operator acts. */
export async function showPlayerCommand(args: string[]): Promise<number> {
  if (args.length !== 1) return usageError('show needs one PLAYER (a username or an e-mail address)')
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
  if (players.length !== 1) return usageError(`${command} needs one PLAYER (a username or an e-mail address)`)
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
  if (args.length !== 2)
    return usageError('rename needs a PLAYER (a username or an e-mail address) and a NEW_USERNAME')
  const [login = '', newName = ''] = args
  return withOperatorContext(async (ctx) => {
    const renamed = await renamePlayer(ctx, login, newName)
    if (renamed.kind === 'no-player') console.error(`no player ${login}`)
    else if (renamed.kind === 'invalid') console.error(`${newName}: ${renamed.problem}`)
    else if (renamed.kind === 'taken') console.error(`${newName} is taken by another player`)
    if (renamed.kind !== 'renamed') return 2
    console.log(`${renamed.from} (id ${renamed.userId}) is now ${renamed.to}`)
    if (renamed.mailed) console.log(`mailed ${renamed.email}`)
    else console.error(`the mail to ${renamed.email} failed (the log says why)`)
    return 0
  })
}

/** `grant PLAYER TTC REASON`: TTC the operator gives a player, with the reason they read. */
export async function grantCommand(args: string[]): Promise<number> {
  if (args.length !== 3) return usageError('grant needs a PLAYER, an amount of TTC and a REASON (quoted)')
  const [login = '', amount = '', reason = ''] = args
  const grant = parseOperatorGrant(amount, reason)
  if ('problem' in grant) {
    console.error(grant.problem)
    return 2
  }
  return withOperatorContext(async (ctx) => {
    const granted = await grantFromOperator(ctx, { login, ...grant, now: ctx.clock.now() })
    if (granted.kind === 'no-player') {
      console.error(`no player ${login}`)
      return 2
    }
    console.log(
      `${granted.username} (id ${granted.userId}) got ${formatTtc(grant.ttc)}: balance ${formatTtc(fromHundredths(granted.balance))}`,
    )
    const { told } = granted
    const channels = [told.mailed ? 'mail' : '', told.pushed > 0 ? 'push' : ''].filter(Boolean)
    if (channels.length > 0) console.log(`told by ${channels.join(' and ')}`)
    return 0
  })
}

/**
 * `player-data PLAYER FILE`: the player's data download (Settings' "Your data") written to a new file, for
 * a request that reaches the operator by mail, from a player who can no longer sign in, say.
 */
export async function playerDataCommand(args: string[]): Promise<number> {
  if (args.length !== 2)
    return usageError('player-data needs a PLAYER (a username or an e-mail address) and a new FILE')
  const [login = '', file = ''] = args
  const destination = resolve(file)
  return withOperatorContext(async (ctx) => {
    const user = await findUserByLogin(ctx.db, login)
    if (!user) {
      console.error(`no player ${login}`)
      return 2
    }
    try {
      // 'wx': never over a file that is there
      await pipeline(
        Readable.from(playerDataChunks(ctx, user)),
        createWriteStream(destination, { flags: 'wx' }),
      )
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') {
        console.error(`${destination} exists: nothing was written`)
        return 2
      }
      // half a file is no copy of anybody's data
      await rm(destination, { force: true })
      console.error(
        `player-data failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`,
      )
      return 1
    }
    console.log(`${user.username} (id ${user.id}): data written to ${destination}`)
    return 0
  })
}
