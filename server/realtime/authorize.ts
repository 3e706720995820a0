import { authorizePayloadSchema, realtimeLimits } from '../../src/api/realtime'
import { findSessionByWebsocketCredentials } from '../auth/sessions.repo'
import type { AppContext } from '../context'
import type { AuthorizedSockets } from './authorized-sockets'
import { storeSessionFingerprint } from './socket-sessions.repo'
import { requestOf, type SocketHandler } from './types'

type AuthorizeContext = Pick<AppContext, 'db' | 'clock' | 'log'>

/**
 * `authorize` {credentials, fingerprint}: acknowledged `true` when the credentials are the
 * `websocketCredentials` of a live session (the fingerprint is then stored on it), else `false`.
 * The latest call decides: a failed one takes earlier rights away. Too many failures disconnect.
 */
export function authorizeHandler(ctx: AuthorizeContext, sockets: AuthorizedSockets): SocketHandler {
  return async function authorize(...args) {
    const { payload, reply } = requestOf(args)
    const call = ++this.data.authorizeCalls
    const session = await findLiveSession(ctx, payload)
    if (this.disconnected) return
    if (call !== this.data.authorizeCalls) return reply(false)
    if (!session) {
      sockets.unbind(this)
      this.data.failedAuthorizations += 1
      reply(false)
      if (this.data.failedAuthorizations >= realtimeLimits.maxFailedAuthorizations) this.disconnect(true)
      return
    }
    sockets.bind(this, session)
    clearTimeout(this.data.authorizeDeadline)
    this.data.authorizeDeadline = undefined
    reply(true)
  }
}

async function findLiveSession(
  ctx: AuthorizeContext,
  payload: unknown,
): Promise<{ userId: number; websocketHash: string } | undefined> {
  const parsed = authorizePayloadSchema.safeParse(payload)
  if (!parsed.success) return undefined
  try {
    const session = await findSessionByWebsocketCredentials(ctx.db, parsed.data.credentials, ctx.clock.now())
    if (!session) return undefined
    const stored = await storeSessionFingerprint(
      ctx.db,
      session.websocketHash,
      parsed.data.fingerprint ?? null,
    )
    return stored ? { userId: session.userId, websocketHash: session.websocketHash } : undefined
  } catch (error) {
    ctx.log.error({ err: error }, 'socket authorization failed')
    return undefined
  }
}
