import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './app-error'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

function isSameOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin
  const fetchSite = request.headers['sec-fetch-site']
  if (origin !== undefined) {
    if (origin === appOrigin) return true
    try {
      // Another name of this host is fine, another scheme is not: a page injected into plain http must not
      // write to the https app.
      const url = new URL(origin)
      return url.protocol === new URL(appOrigin).protocol && url.host === request.headers.host
    } catch {
      return false
    }
  }
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none'
  // Neither header: not a browser (curl, a server), which cannot carry a victim's cookies.
  return true
}

/**
 * Cookie-authenticated writes need the x-app-version header (a cross-site form cannot set it without a
 * CORS preflight, which we never grant) and, when the browser tells, a same-origin request.
 *
 * Every unsafe method is checked, whatever its target says: the router matches the decoded path, and
 * takes an absolute-form target (`POST http://host/v1/…`) too, so a test of the raw `request.url`
 * (`/%761/…`, `/v%31/…`) would let some spellings of a route through. A request that matches no route is
 * checked as well: its refusal tells no more than its 404 would. `exemptRoutes` are route patterns,
 * compared with the route the router matched (`routeOptions.url`), never with the target.
 */
export function registerCsrfDefence(
  app: FastifyInstance,
  appOrigin: string,
  exemptRoutes: readonly string[],
): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return
    const route = request.routeOptions.url
    if (route !== undefined && exemptRoutes.includes(route)) return
    assertAppRequest(request, appOrigin)
  })
}

/**
 * The check of the hook above, for the spec's few GET routes that write (group leave and delete): the
 * hook lets safe methods through, these must not be.
 */
export function assertAppRequest(request: FastifyRequest, appOrigin: string): void {
  if (!request.headers['x-app-version']) {
    throw new AppError(403, 'app_version_required', 'The x-app-version header is required.')
  }
  if (!isSameOrigin(request, appOrigin)) {
    throw new AppError(403, 'cross_origin', 'Cross-origin requests are not allowed.')
  }
}
