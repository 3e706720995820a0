import type { Server, Socket } from 'socket.io'
import type { RealtimeServerEvents } from '../../src/api/realtime'

/**
 * Incoming events as the server must treat them: untrusted, so every argument is unknown until parsed
 * (the client's typed contract is `RealtimeClientEvents` in src/api/realtime.ts).
 */
export interface IncomingEvents {
  authorize: (...args: unknown[]) => void
  'subscribe title ticks': (...args: unknown[]) => void
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
 * It gets the arguments as the client sent them, as many as it sent: read them with `requestOf`.
 */
export type SocketHandler = (this: RealtimeSocket, ...args: unknown[]) => void

/** Between the processes of a cluster (`io.serverSideEmit`, through the Redis adapter). */
export interface ServerSideEvents {
  /** The user's sessions ended on another process: its sockets here whose session is gone close too. */
  'sessions-ended': (userId: number) => void
}

export type RealtimeIo = Server<IncomingEvents, RealtimeServerEvents, ServerSideEvents, SocketData>
export type RealtimeSocket = Socket<IncomingEvents, RealtimeServerEvents, ServerSideEvents, SocketData>

const ignoreAnswer = () => {}

/**
 * An incoming event's payload (its first argument) and its acknowledgement. socket.io passes the
 * acknowledgement last, after however many arguments the client chose to send (several binary
 * attachments, say), and only it can be a function: nothing decoded from the wire is one.
 */
export function requestOf(args: readonly unknown[]): { payload: unknown; reply: (answer: unknown) => void } {
  const ack = args.at(-1)
  if (typeof ack !== 'function') return { payload: args[0], reply: ignoreAnswer }
  return { payload: args.length > 1 ? args[0] : undefined, reply: (answer) => ack(answer) }
}
