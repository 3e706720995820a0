import type { Server, Socket } from 'socket.io'
import type { RealtimeServerEvents } from '../../src/api/realtime'

/**
 * Incoming events as the server must treat them: untrusted, so every argument is unknown until parsed
 * (the client's typed contract is `RealtimeClientEvents` in src/api/realtime.ts).
 */
export interface IncomingEvents {
  authorize: (payload: unknown, ack: unknown) => void
  'subscribe title ticks': (titleIds: unknown, ack: unknown) => void
}

/** Who an authorized socket speaks for. */
export interface SocketData {
  userId?: number
  /** the session's websocket credential hash: the socket lives only as long as that session */
  websocketHash?: string
  /** `authorize` calls so far: only the latest one's answer counts */
  authorizeCalls: number
  failedAuthorizations: number
  /** disconnects the socket unless it authorizes in time */
  authorizeDeadline?: NodeJS.Timeout
}

/**
 * An event handler shared by all sockets: socket.io calls listeners with the socket as `this`, so a
 * server with thousands of sockets keeps one function per event instead of one closure per socket.
 */
export type SocketHandler = (this: RealtimeSocket, payload: unknown, ack: unknown) => void

/** Between the processes of a cluster (`io.serverSideEmit`, through the Redis adapter). */
export interface ServerSideEvents {
  /** The user's sessions ended on another process: its sockets here whose session is gone close too. */
  'sessions-ended': (userId: number) => void
}

export type RealtimeIo = Server<IncomingEvents, RealtimeServerEvents, ServerSideEvents, SocketData>
export type RealtimeSocket = Socket<IncomingEvents, RealtimeServerEvents, ServerSideEvents, SocketData>

/** The acknowledgement callback, if the client asked for one. */
export function replyOf(ack: unknown): (answer: unknown) => void {
  return typeof ack === 'function' ? (answer) => ack(answer) : () => {}
}
