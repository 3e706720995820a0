import { defaultGroupId } from '../../src/api/groups'
import type { AppContext, GroupChange } from '../context'
import { groupAudience } from './groups.repo'

/**
 * Tells the realtime channel, after the commit, whose group lists a change altered: their open apps read
 * the lists again at once instead of at the next refresh. Group 1000 holds every player: a change of
 * its member count (a sign-up) is left to the refresh rather than pushed to everyone.
 */
export function announceGroupChange(ctx: Pick<AppContext, 'events'>, change: GroupChange): void {
  if (change.groupId === defaultGroupId || change.userIds.length === 0) return
  ctx.events.emit('groups-changed', { groupId: change.groupId, userIds: [...new Set(change.userIds)] })
}

/** The same for a change made outside the group routes (a sign-up joining a group): its members now. */
export async function announceGroupMembers(
  ctx: Pick<AppContext, 'events' | 'db' | 'log'>,
  groupId: number,
): Promise<void> {
  try {
    announceGroupChange(ctx, { groupId, userIds: await groupAudience(ctx.db, groupId) })
  } catch (error) {
    // the push is a courtesy: the players' refresh finds the change anyway
    ctx.log.warn({ err: error, groupId }, 'could not tell the members of a group change')
  }
}
