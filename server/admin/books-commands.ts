import { resolve } from 'node:path'
import { formatInvitationCode } from '../auth/invitation-codes'
import { createInvitationCodes } from '../auth/invitations.repo'
import { loadDatabaseLocation } from '../config'
import { sqliteFileOf } from '../db/connect'
import { type BackupOutcome, backUpSqlite } from '../db/sqlite-backup'
import { describeVerdict, verifyLedger } from '../game/verify-ledger'
import { withOperatorContext } from './operator-context'
import { usageError } from './usage'

/** `invite`: new single-use invitation codes of the operator, printed as players type them. */
export async function inviteCommand(options: { count: string; days: string }): Promise<number> {
  const count = Number(options.count)
  const days = Number(options.days)
  if (!Number.isInteger(count) || count < 1 || count > 1000) {
    console.error('--count must be a whole number from 1 to 1000')
    return 2
  }
  if (!Number.isFinite(days) || days <= 0 || days > 365) {
    console.error('--days must be a number from 1 to 365')
    return 2
  }
  return withOperatorContext(async (ctx) => {
    const codes = await createInvitationCodes(ctx.db, {
      count,
      ownerId: null,
      now: ctx.clock.now(),
      lifetimeMs: days * 24 * 3600_000,
    })
    for (const code of codes) console.log(formatInvitationCode(code))
    return 0
  })
}

/** `backup FILE`: a consistent copy of the embedded SQLite database while the game runs. */
export function backUp(files: string[]): number {
  if (files.length !== 1) return usageError('backup needs one FILE to write')
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

/** `verify-ledger`: the books recomputed from the ledger. */
export async function verifyBooks(): Promise<number> {
  return withOperatorContext(async (ctx) => {
    const verdict = await verifyLedger(ctx.db)
    const line = describeVerdict(verdict)
    console.log(line)
    return verdict.ok ? 0 : 1
  })
}
