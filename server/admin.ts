import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { announcementTextSchema } from '../src/api/announcements'
import { oneLineTextSchema } from '../src/api/one-line-text'
import { fromHundredths, toHundredths } from '../src/domain/currency'
import { operatorGrantNews } from '../src/domain/important-messages'
import { formatTtc } from '../src/domain/number-format'
import { ttcAmountProblem } from '../src/domain/ttc-amount'
import { createContext } from './app'
import { formatInvitationCode } from './auth/invitation-codes'
import { createInvitationCodes } from './auth/invitations.repo'
import { newsLinks } from './auth/links'
import { playerRecord } from './auth/player-record'
import { renamePlayer } from './auth/rename-player'
import { liftSuspension, suspendAccount } from './auth/suspension'
import { findUserById } from './auth/users.repo'
import { ConfigError, loadConfig, loadDatabaseLocation } from './config'
import { sqliteFileOf } from './db/connect'
import { type BackupOutcome, backUpSqlite } from './db/sqlite-backup'
import { clearAnnouncements, postAnnouncement } from './game/announcements'
import { tellImportantMessage } from './game/important-messages'
import { grantFromOperator } from './game/operator-grants'
import { renameGroup } from './game/rename-group'
import { describeVerdict, verifyLedger } from './game/verify-ledger'
import { guardedLogOutput } from './log-output'
import { createLogger } from './logger'
import { usernameChangedMail } from './mail/templates'

const usage = `Usage: npm run admin -- invite [--count N] [--days D]
       npm run admin -- verify-ledger
       npm run admin -- backup FILE
       npm run admin -- show PLAYER
       npm run admin -- suspend PLAYER
       npm run admin -- unsuspend PLAYER
       npm run admin -- rename PLAYER NEW_USERNAME
       npm run admin -- rename-group GROUP_ID NEW_NAME
       npm run admin -- announce TEXT [--hours H]
       npm run admin -- announce --clear
       npm run admin -- grant PLAYER TTC REASON
  invite          print N new single-use invitation codes (default 1), valid for D days (default 30)
  verify-ledger   recompute the ledger's and the settlements' hash chains and every balance from the
                  ledger: "ledger verified" with the counts (exit 0) or the first mismatch (exit 1)
  backup          copy the embedded SQLite database, while the server runs, to the new file FILE
                  (PostgreSQL: use pg_dump)
  show            what the game knows of a player (username or e-mail address): the address, when
                  they signed up and were last seen, a suspension, the balance, predictions, bets, groups
  suspend         lock a player out (username or e-mail address): no sign-in, and every session of the
                  account ends now; what they played stays
  unsuspend       let a suspended player sign in again
  rename          give a player whose username breaks the rules another one (the sign-up's rules); the
                  account's address is mailed the new name, which they sign in with from now on
  rename-group    give a group whose name breaks the rules another one (the group form's rules)
  announce        show every player TEXT above the game (one line, at most 280 characters), for H hours
                  or until the next announcement; --clear ends it now
  grant           give a player TTC (at most 100,000) with the REASON they read beside it in their
                  transactions; new money, as the welcome grant is. They are told if they get news`

/** The game's context for one command, on the server's configuration; warnings and errors to stdout. */
const operatorContext = () =>
  createContext(loadConfig(), { log: createLogger('warn', guardedLogOutput(process.stdout)) })

/** Operator commands; they use the same configuration (DATABASE_URL, ALPHA_DATA_DIR) as the server. */
function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      count: { type: 'string', default: '1' },
      days: { type: 'string', default: '30' },
      hours: { type: 'string' },
      clear: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  })
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    // a mistyped option is a usage error (exit 2), not a crash with a stack trace
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`)
    return 2
  }
  const { positionals, values } = parsed
  if (!values.help && positionals[0] === 'verify-ledger') return verifyBooks()
  if (!values.help && positionals[0] === 'backup') return backUp(positionals.slice(1))
  if (!values.help && (positionals[0] === 'suspend' || positionals[0] === 'unsuspend'))
    return changeSuspension(positionals[0], positionals.slice(1))
  if (!values.help && positionals[0] === 'show') return showPlayerCommand(positionals.slice(1))
  if (!values.help && positionals[0] === 'rename') return renamePlayerCommand(positionals.slice(1))
  if (!values.help && positionals[0] === 'rename-group') return renameGroupCommand(positionals.slice(1))
  if (!values.help && positionals[0] === 'grant') return grantCommand(positionals.slice(1))
  if (!values.help && positionals[0] === 'announce')
    return announceCommand(positionals.slice(1), { hours: values.hours, clear: values.clear === true })
  if (values.help || positionals[0] !== 'invite') {
    console.log(usage)
    return values.help ? 0 : 2
  }
  const count = Number(values.count)
  const days = Number(values.days)
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    console.error('--count must be a whole number from 1 to 1000')
    return 2
  }
  if (!Number.isFinite(days) || days <= 0 || days > 365) {
    console.error('--days must be a number from 1 to 365')
    return 2
  }
  const ctx = await operatorContext()
  try {
    const codes = await createInvitationCodes(ctx.db, {
      count,
      ownerId: null,
      now: ctx.clock.now(),
      lifetimeMs: days * 24 * 3600_000,
    })
    for (const code of codes) console.log(formatInvitationCode(code))
    return 0
  } finally {
    await ctx.db.destroy()
  }
}

function backUp(files: string[]): number {
  if (files.length !== 1) {
    console.error(`backup needs one FILE to write\n\n${usage}`)
    return 2
  }
  const { databaseUrl, dataDir } = loadDatabaseLocation()
  if (databaseUrl) {
    console.error('backup copies the embedded SQLite database; on PostgreSQL (DATABASE_URL) use pg_dump')
    return 2
  }
  const destination = resolve(files[0] ?? '')
  let outcome: BackupOutcome
  try {
    outcome = backUpSqlite(sqliteFileOf(dataDir), destination)
  } catch (error) {
    // a database SQLite cannot read, a folder it cannot write in: said in a line, not a stack trace
    console.error(
      `backup failed, nothing was written: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 1
  }
  if (!outcome.ok) {
    console.error(outcome.message)
    return 2
  }
  console.log(`backup written: ${destination} (${outcome.bytes} bytes)`)
  return 0
}

async function changeSuspension(command: 'suspend' | 'unsuspend', players: string[]): Promise<number> {
  if (players.length !== 1) {
    console.error(`${command} needs one PLAYER (a username or an e-mail address)\n\n${usage}`)
    return 2
  }
  const login = players[0] ?? ''
  const ctx = await operatorContext()
  try {
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
  } finally {
    await ctx.db.destroy()
  }
}

async function showPlayerCommand(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error(`show needs one PLAYER (a username or an e-mail address)\n\n${usage}`)
    return 2
  }
  const login = args[0] ?? ''
  const ctx = await operatorContext()
  try {
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
  } finally {
    await ctx.db.destroy()
  }
}

async function renamePlayerCommand(args: string[]): Promise<number> {
  if (args.length !== 2) {
    console.error(`rename needs a PLAYER (a username or an e-mail address) and a NEW_USERNAME\n\n${usage}`)
    return 2
  }
  const [login = '', newName = ''] = args
  const ctx = await operatorContext()
  try {
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
  } finally {
    await ctx.db.destroy()
  }
}

async function renameGroupCommand(args: string[]): Promise<number> {
  const groupId = Number(args[0])
  if (args.length !== 2 || !Number.isSafeInteger(groupId) || groupId < 1) {
    console.error(`rename-group needs a GROUP_ID (a number) and a NEW_NAME\n\n${usage}`)
    return 2
  }
  const newName = args[1] ?? ''
  const ctx = await operatorContext()
  try {
    const renamed = await renameGroup(ctx.db, groupId, newName)
    if (renamed.kind === 'no-group') console.error(`no group ${groupId}`)
    else if (renamed.kind === 'invalid') console.error(`${newName}: ${renamed.problem}`)
    if (renamed.kind !== 'renamed') return 2
    console.log(`group ${renamed.groupId} "${renamed.from}" is now "${renamed.to}"`)
    return 0
  } finally {
    await ctx.db.destroy()
  }
}

async function announceCommand(
  args: string[],
  options: { hours: string | undefined; clear: boolean },
): Promise<number> {
  if (options.clear ? args.length > 0 || options.hours !== undefined : args.length !== 1) {
    console.error(`announce needs one TEXT (quoted), or --clear alone\n\n${usage}`)
    return 2
  }
  const hours = options.hours === undefined ? undefined : Number(options.hours)
  if (hours !== undefined && !(Number.isFinite(hours) && hours > 0 && hours <= 24 * 365)) {
    console.error('--hours must be a number of hours from above 0 to 8760')
    return 2
  }
  // the text to post; none: --clear
  let posting: string | undefined
  if (!options.clear) {
    const text = announcementTextSchema.safeParse(args[0] ?? '')
    if (!text.success) {
      console.error(text.error.issues[0]?.message)
      return 2
    }
    posting = text.data
  }
  const ctx = await operatorContext()
  try {
    const now = ctx.clock.now()
    if (posting === undefined) {
      const ended = await clearAnnouncements(ctx.db, now)
      console.log(ended === 0 ? 'no announcement was shown' : 'the announcement ended')
      return 0
    }
    const endsAt = hours === undefined ? null : now + Math.round(hours * 3600_000)
    const posted = await postAnnouncement(ctx.db, { text: posting, now, endsAt })
    const until =
      endsAt === null ? 'until the next one or --clear' : `until ${new Date(endsAt).toISOString()}`
    console.log(`announcement ${posted.id} shown ${until}`)
    return 0
  } finally {
    await ctx.db.destroy()
  }
}

/** A grant's reason, read by the player beside it: one line. */
const grantReasonSchema = oneLineTextSchema('A reason', 140)

/** The most the operator gives at once: a generous prize, far from what would upset the rankings' sense. */
const maxOperatorGrantTtc = 100_000

async function grantCommand(args: string[]): Promise<number> {
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
  const ctx = await operatorContext()
  try {
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
  } finally {
    await ctx.db.destroy()
  }
}

async function verifyBooks(): Promise<number> {
  const ctx = await operatorContext()
  try {
    const verdict = await verifyLedger(ctx.db)
    const line = describeVerdict(verdict)
    console.log(line)
    return verdict.ok ? 0 : 1
  } finally {
    await ctx.db.destroy()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  },
)
