import type { FastifyReply, FastifyRequest } from 'fastify'
import { deleteSession, findSignedIn, sessionIdleTimeoutMs } from '../auth/sessions.repo'
import type { AppContext } from '../context'
import { committedStatements } from '../db/connect'
import type { SessionRow } from '../db/tables/sessions.table'
import type { UserRow } from '../db/tables/users.table'
import { unauthenticated } from './app-error'

export interface Authenticated {
  token: string
  session: SessionRow
  user: UserRow
  /** PostgreSQL: the data version read by the session's own statement (see findSignedIn) */
  dataVersion?: string
}

/** Behind https the cookie is `__Host-` prefixed: Secure, host-only, path / — no subdomain can plant one. */
export function sessionCookieName(config: AppContext['config']): string {
  return config.appOrigin.startsWith('https:') ? '__Host-alpha_session' : 'alpha_session'
}

/**
 * `Cache-Control: no-store` for an answer that carries credentials (the session cookie, the websocket
 * credentials of an AuthUser): no cache, shared or the browser's, keeps a copy of it.
 */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store')
}

/** Sets the session cookie; the answer that carries it is not stored (`noStore`). */
export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string): void {
  noStore(reply).setCookie(sessionCookieName(ctx.config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appOrigin.startsWith('https:'),
    path: '/',
    maxAge: sessionIdleTimeoutMs / 1000,
  })
}

/**
 * Signs the browser in with a new session: the session its cookie carried until now (a previous account
 * on a shared computer, or one an attacker planted) ends with its sockets, so no old token outlives a sign-in.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  token: string,
): Promise<void> {
  const replaced = await authenticate(request, ctx)
  if (replaced && replaced.token !== token) {
    await deleteSession(ctx.db, replaced.token)
    ctx.events.emit('sessions-ended', replaced.user.id)
  }
  setSessionCookie(reply, ctx, token)
  ctx.metrics.gameActions.inc({ action: 'sign_in' })
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  noStore(reply).clearCookie(sessionCookieName(ctx.config), { path: '/' })
}

const cache = new WeakMap<FastifyRequest, Promise<Authenticated | null>>()

/** The caller's session and account, looked up once per request. */
export function authenticate(request: FastifyRequest, ctx: AppContext): Promise<Authenticated | null> {
  let pending = cache.get(request)
  if (!pending) {
    pending = (async () => {
      const token = request.cookies[sessionCookieName(ctx.config)]
      if (!token || token.length > 64) return null
      // Every request reads it first: one statement of committed rows (session and account), which on
      // SQLite runs at once instead of queueing for the connection (see committedStatements).
      const db = committedStatements(ctx.db)
      const signedIn = await findSignedIn(db, token, ctx.clock.now())
      return signedIn ? { token, ...signedIn } : null
    })()
    cache.set(request, pending)
  }
  return pending
}

export async function requireUser(request: FastifyRequest, ctx: AppContext): Promise<Authenticated> {
  const auth = await authenticate(request, ctx)
  if (!auth) throw unauthenticated()
  return auth
}
