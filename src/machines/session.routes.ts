import { errorRoute } from './notices'

/** Spec §2: the login route, the first-time route and the index. */
export const loginRoute = '/account/signin'
export const firstTimeRoute = '/welcome'
export const indexRoute = '/'

/**
 * Routes a visitor sees without signing in (spec §2 rule 1: "the login route or one other public
 * route"). The other is not named; the pages that e-mail links open must work signed out, and so must
 * the coming-soon and error pages, so all of them are public.
 */
export const publicRoutes: readonly string[] = [
  loginRoute,
  '/account/confirm-email',
  '/account/change-email',
  '/account/unsubscribe-from-email',
  '/account/reset-password',
  '/account/login-successful',
  '/coming-soon',
  errorRoute,
]

/** Routes with the requiresAuth flag (spec §2: settings). */
export const authRequiredRoutes: readonly string[] = ['/settings']

/** Pages that send a signed-in visitor on to the index (spec §2: sign-in and login-successful). */
const signedOutOnlyRoutes: readonly string[] = [loginRoute, '/account/login-successful']

/** What routing needs to know of the session. */
export interface RoutingSession {
  readonly loggedIn: boolean
  /** the signed-in user's settings have isFirstTimeUser */
  readonly firstTime: boolean
}

export interface RouteOptions {
  /** rule 1 applies only in single-page-app mode (spec §2) @default true */
  readonly spaMode?: boolean
}

const pathnameOf = (path: string) => path.split(/[?#]/)[0] || '/'

const withQuery = (route: string, name: string, value: string) =>
  `${route}?${new URLSearchParams({ [name]: value })}`

/** A `next` or `redirect` target only when it stays on this app: a path, not `//host` or a URL. */
function safeTarget(value: string | null): string | undefined {
  return value?.startsWith('/') && !value.startsWith('//') ? value : undefined
}

function queryParam(path: string, name: string): string | null {
  const query = path.split('#')[0]?.split('?')[1]
  return query === undefined ? null : new URLSearchParams(query).get(name)
}

/**
 * Spec §2 "Global navigation rules" 1 to 3 as one pure function: the full path (with query) the
 * router should show for `path`; `path` itself when the visitor may stay.
 * 1. signed out, not a public route: the login route with the wanted path in `next` (SPA mode only;
 *    a route that requires authentication is rule 3's, in any mode);
 * 2. signed in and first-time: the first-time route with the wanted path in `next` (the error route
 *    excepted, so the server-error policy can show it);
 * 3. signed out on a route that requires authentication: the login route with `redirect`.
 * A signed-in visitor on the sign-in page goes on to its `next` (or `redirect`), else to the index.
 */
export function routeFor(path: string, session: RoutingSession, options: RouteOptions = {}): string {
  const pathname = pathnameOf(path)
  if (!session.loggedIn) {
    // rule 3 names its route's own parameter: it goes before the general rule 1
    if (authRequiredRoutes.includes(pathname)) return withQuery(loginRoute, 'redirect', path)
    if ((options.spaMode ?? true) && !publicRoutes.includes(pathname))
      return withQuery(loginRoute, 'next', path)
    return path
  }
  const wanted = signedOutOnlyRoutes.includes(pathname)
    ? (safeTarget(queryParam(path, 'next')) ?? safeTarget(queryParam(path, 'redirect')) ?? indexRoute)
    : path
  const wantedPathname = pathnameOf(wanted)
  if (session.firstTime && wantedPathname !== firstTimeRoute && wantedPathname !== errorRoute)
    return withQuery(firstTimeRoute, 'next', wanted)
  return wanted
}

/** The login route, remembering `path` in `next` (the socket's logout, spec §8). */
export const loginRouteFor = (path: string) =>
  pathnameOf(path) === loginRoute ? path : withQuery(loginRoute, 'next', path)

/** Whether the router must leave `path` for the session. */
export const mustLeave = (path: string, session: RoutingSession, options?: RouteOptions) =>
  routeFor(path, session, options) !== path
