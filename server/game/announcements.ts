import type { Announcement } from '../../src/api/announcements'
import type { Executor } from '../db/database'

/**
 * The announcement players see at `now`: the newest one posted by then that has not ended, or null.
 * A newer announcement replaces an older one; a clear ends them all.
 */
export async function currentAnnouncement(db: Executor, now: number): Promise<Announcement | null> {
  const row = await db
    .selectFrom('announcements')
    .selectAll()
    .where('createdAt', '<=', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!row || (row.endsAt !== null && row.endsAt <= now)) return null
  return {
    id: row.id,
    text: row.text,
    createdAt: Number(row.createdAt),
    endsAt: row.endsAt === null ? null : Number(row.endsAt),
  }
}

/** Posts an announcement (the operator's `npm run admin -- announce`), shown until `endsAt` if given. */
export async function postAnnouncement(
  db: Executor,
  announcement: { text: string; now: number; endsAt: number | null },
): Promise<Announcement> {
  const { text, now, endsAt } = announcement
  const row = await db
    .insertInto('announcements')
    .values({ text, createdAt: now, endsAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, text, createdAt: now, endsAt }
}

/** Ends every announcement still shown (`npm run admin -- announce --clear`); how many there were. */
export async function clearAnnouncements(db: Executor, now: number): Promise<number> {
  const result = await db
    .updateTable('announcements')
    .set({ endsAt: now })
    .where((eb) => eb.or([eb('endsAt', 'is', null), eb('endsAt', '>', now)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
