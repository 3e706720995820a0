import type { AppContext } from '../context'
import { authorizedRoom, isTitleRoom, isUserRoom, userRoom } from './rooms'
import { liveWebsocketHashes } from './socket-sessions.repo'
import type { RealtimeSocket } from './types'

/**
 * Which sockets speak for which user, so that ending sessions (logout, password reset, account
 * deletion) ends their sockets too.
 */
export class AuthorizedSockets {
  readonly #byUser = new Map<number, Set<RealtimeSocket>>()

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'log'>) {}

  /**
   * Marks the socket as the session's: it joins the room of live messages and its user's room (pushes
   * meant for that player), and may subscribe.
   */
  bind(socket: RealtimeSocket, session: { userId: number; websocketHash: string }): void {
    this.unbind(socket)
    socket.data.userId = session.userId
    socket.data.websocketHash = session.websocketHash
    let sockets = this.#byUser.get(session.userId)
    if (!sockets) {
      sockets = new Set()
      this.#byUser.set(session.userId, sockets)
    }
    sockets.add(socket)
    socket.join([authorizedRoom, userRoom(session.userId)])
  }

  /** Back to a fresh socket's rights: no messages, no ticks. */
  unbind(socket: RealtimeSocket): void {
    this.forget(socket)
    socket.data.userId = undefined
    socket.data.websocketHash = undefined
    for (const room of socket.rooms) {
      if (room === authorizedRoom || isTitleRoom(room) || isUserRoom(room)) socket.leave(room)
    }
  }

  /** Drops a disconnected socket from the index. */
  forget(socket: RealtimeSocket): void {
    const userId = socket.data.userId
    if (userId === undefined) return
    const sockets = this.#byUser.get(userId)
    sockets?.delete(socket)
    if (sockets?.size === 0) this.#byUser.delete(userId)
  }

  socketsOf(userId: number): readonly RealtimeSocket[] {
    return [...(this.#byUser.get(userId) ?? [])]
  }

  /**
   * Disconnects the user's sockets whose session no longer exists (a logout ends one session, a
   * password reset or an account deletion all). When the check fails, all of them go: failing closed.
   */
  async endSessions(userId: number): Promise<void> {
    if (!this.#byUser.has(userId)) return
    let live: Set<string> | undefined
    try {
      live = await liveWebsocketHashes(this.ctx.db, userId)
    } catch (error) {
      this.ctx.log.error(
        { err: error, userId },
        'could not check sessions; disconnecting all sockets of the user',
      )
    }
    for (const socket of this.socketsOf(userId)) {
      const hash = socket.data.websocketHash
      if (!live || hash === undefined || !live.has(hash)) socket.disconnect(true)
    }
  }
}
