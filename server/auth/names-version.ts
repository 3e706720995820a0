import type { Executor } from '../db/database'

/**
 * Moves the version every group's rankings and activity read for the names they show (game-version.ts):
 * call it in the transaction of a change no other version follows, a rename or a deleted account, so the
 * next state call shows it on every process.
 */
export async function moveNamesVersion(tx: Executor): Promise<void> {
  await tx
    .updateTable('namesVersion')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute()
}
