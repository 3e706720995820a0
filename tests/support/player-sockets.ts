import { io, type Socket } from 'socket.io-client'
import type { GroupsChanged } from '../../src/api/realtime'

const fingerprint = 'd41d8cd98f00b204e9800998ecf8427e'
const waitMs = 5000

/**
 * A player's socket.io client on a server, authorized with their websocket credentials, that records
 * every 'groups changed' push it hears.
 */
export interface PlayerSocket {
  readonly socket: Socket
  readonly groupChanges: GroupsChanged[]
  /** Resolves once a push about the group arrived (or had arrived), else rejects after `ms`. */
  heard(groupId: number, ms?: number): Promise<void>
  /** One round trip: whatever the server pushed before it has arrived. */
  roundTrip(): Promise<void>
  close(): void
}

export async function connectPlayerSocket(
  url: string,
  player: { user: { websocketCredentials: string } },
): Promise<PlayerSocket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin: new URL(url).origin },
  })
  const groupChanges: GroupsChanged[] = []
  const waiters = new Set<() => void>()
  socket.on('groups changed', (change: GroupsChanged) => {
    groupChanges.push(change)
    for (const wake of waiters) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  const ok = await socket
    .timeout(waitMs)
    .emitWithAck('authorize', { credentials: player.user.websocketCredentials, fingerprint })
  if (ok !== true) throw new Error('the socket was not authorized')
  return {
    socket,
    groupChanges,
    heard(groupId, ms = waitMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!groupChanges.some((change) => change.groupId === groupId)) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no 'groups changed' for group ${groupId} within ${ms} ms`))
        }, ms)
        waiters.add(check)
        check()
      })
    },
    async roundTrip() {
      await socket.timeout(waitMs).emitWithAck('subscribe title ticks', [])
    },
    close: () => socket.disconnect(),
  }
}
