import { z } from 'zod'
import { databaseIdSchema } from './ids'
import type { LiveMessage, Tick } from './market'
import type { RealtimeRefusal, SubscribeTitleTicksAnswer } from './realtime-protocol'

// zod-free parts, apart for the client's socket actor at boot
export {
  isRealtimeRefusal,
  type RealtimeRefusal,
  realtimePath,
  type SubscribeTitleTicksAnswer,
} from './realtime-protocol'

/** Limits the server enforces on every socket. */
export const realtimeLimits = {
  /** largest incoming frame; a bigger one closes the connection */
  maxPayloadBytes: 16 * 1024,
  /** sustained incoming packets per second and connection (token bucket refill) */
  packetsPerSecond: 20,
  /** packets a connection may send at once (token bucket size); past it the socket is disconnected */
  packetBurst: 40,
  /** most title ids one `subscribe title ticks` may carry */
  maxSubscribeIds: 500,
  /** a socket that has not authorized by then is disconnected */
  authorizeTimeoutMs: 20_000,
  /** failed `authorize` calls a socket may make before it is disconnected */
  maxFailedAuthorizations: 3,
  /** a client that has not joined the namespace by then is closed (the spec client's connection timeout) */
  connectTimeoutMs: 20_000,
} as const

/** `authorize` payload: the `websocketCredentials` of the signed-in user and a client fingerprint. */
export const authorizePayloadSchema = z.object({
  credentials: z.string().min(1).max(128),
  /** an MD5 of platform info, or a configured value; stored with the session */
  fingerprint: z.string().max(128).optional(),
})
export type AuthorizePayload = z.infer<typeof authorizePayloadSchema>

/** `subscribe title ticks` payload: the title ids whose ticks the socket wants, replacing earlier ones. */
export const subscribeTitleTicksSchema = z.array(databaseIdSchema).max(realtimeLimits.maxSubscribeIds)

/** What the server pushes. */
export interface RealtimeServerEvents {
  /** a price update of a title the socket subscribed to */
  tick: (tick: Tick) => void
  /** a new message of the live stream, to every authorized socket */
  message: (message: LiveMessage) => void
  /**
   * a group the player is (or was) a member of or invited to changed: an invitation, a join, a leave,
   * admins, its settings, its deletion. The client reads its group lists again.
   */
  'groups changed': (change: GroupsChanged) => void
}

/** What 'groups changed' carries: which group; the lists themselves come from `GET /v1/stockgame/groups`. */
export const groupsChangedSchema = z.object({ groupId: databaseIdSchema })
export type GroupsChanged = z.infer<typeof groupsChangedSchema>

/** What a client emits; every event wants an acknowledgement. */
export interface RealtimeClientEvents {
  /** acknowledged `true` for valid credentials, otherwise `false` */
  authorize: (payload: AuthorizePayload, ack: (authorized: boolean) => void) => void
  /** acknowledged with the latest ticks, or a refusal before authorization or for bad input */
  'subscribe title ticks': (
    titleIds: number[],
    ack: (answer: SubscribeTitleTicksAnswer | RealtimeRefusal) => void,
  ) => void
}
