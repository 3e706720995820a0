import type { AppContext, GroupChange } from '../context'
import type { Unsubscribe } from '../market/source'
import { userRoom } from './rooms'
import type { RealtimeIo } from './types'

/**
 * Pushes 'groups changed' to the sockets of every player a committed group change concerns (their
 * user rooms), so their open apps read the group lists again at once. Not flagged local: in a cluster
 * the Redis adapter carries the broadcast to the players' sockets on every process.
 */
export function pushGroupChanges(io: RealtimeIo, events: AppContext['events']): Unsubscribe {
  const onChange = ({ groupId, userIds }: GroupChange) => {
    if (userIds.length === 0) return
    io.to(userIds.map(userRoom)).emit('groups changed', { groupId })
  }
  events.on('groups-changed', onChange)
  return () => events.off('groups-changed', onChange)
}
