import type { Executor } from '../db/database'

/**
 * The due time that closes a window of about `size` predictions due in (`after`, `upTo`], by the due
 * index: the size-th one's, or `upTo` when fewer are due. The evaluation and the author scores work
 * their backlogs in such windows (all predictions of the closing due time fall in the window, so a
 * window may hold a few more than `size`).
 */
export async function dueWindowEnd(db: Executor, after: number, upTo: number, size: number): Promise<number> {
  const closing = await db
    .selectFrom('taggedMessages')
    .select('evaluationDueAt')
    .where('evaluationDueAt', '>', after)
    .where('evaluationDueAt', '<=', upTo)
    .orderBy('evaluationDueAt')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst()
  return Number(closing?.evaluationDueAt ?? upTo)
}
