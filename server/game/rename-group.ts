import { defaultGroupId, groupNameSchema } from '../../src/api/groups'
import type { Db } from '../db/database'

export type GroupRename =
  | { readonly kind: 'renamed'; readonly groupId: number; readonly from: string; readonly to: string }
  | { readonly kind: 'no-group' }
  /** the new name breaks the group form's rules (or the group is everybody's): why */
  | { readonly kind: 'invalid'; readonly problem: string }

/**
 * The operator renames a group whose name breaks the game's rules (`npm run admin -- rename-group`): the
 * new name follows the group form's rules. Its version holds the name, so every process shows the new
 * one at its next state call. The group every player is in keeps its name.
 */
export async function renameGroup(db: Db, groupId: number, newName: string): Promise<GroupRename> {
  if (groupId === defaultGroupId)
    return { kind: 'invalid', problem: 'The group every player is in keeps its name.' }
  const name = groupNameSchema.safeParse(newName)
  if (!name.success) return { kind: 'invalid', problem: name.error.issues[0]?.message ?? '' }
  const to = name.data
  const group = await db
    .selectFrom('userGroups')
    .select(['id', 'name'])
    .where('id', '=', groupId)
    .executeTakeFirst()
  if (!group) return { kind: 'no-group' }
  await db.updateTable('userGroups').set({ name: to }).where('id', '=', groupId).execute()
  return { kind: 'renamed', groupId, from: group.name, to }
}
