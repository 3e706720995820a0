import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { AppContext } from '../context'
import { AppError } from './app-error'
import { requireUser } from './session'

interface Limit {
  max: number
  timeWindow: string
}

/** Per-IP and per-account budgets of the routes that guessers and spammers aim at. */
export const authLimits = {
  signIn: { ip: { max: 20, timeWindow: '1 minute' }, account: { max: 10, timeWindow: '15 minutes' } },
  signUp: { ip: { max: 10, timeWindow: '1 hour' }, account: { max: 5, timeWindow: '1 hour' } },
  resetRequest: { ip: { max: 5, timeWindow: '15 minutes' }, account: { max: 3, timeWindow: '1 hour' } },
  reset: { ip: { max: 10, timeWindow: '15 minutes' }, account: { max: 5, timeWindow: '15 minutes' } },
} satisfies Record<string, { ip: Limit; account: Limit }>

/** Budgets of a signed-in player's heavy reads: a data download reads every row they made. */
export const heavyReadLimits = {
  dataDownload: { ip: { max: 20, timeWindow: '1 hour' }, account: { max: 5, timeWindow: '1 hour' } },
} satisfies Record<string, { ip: Limit; account: Limit }>

const budgets = { ...authLimits, ...heavyReadLimits }
type LimitName = keyof typeof budgets

/**
 * Two limiters for one route: by client address, and by the account the body names (whether or not it
 * exists, so the answer tells nothing) or the session is of, so spreading guesses over many addresses
 * does not help. Every call makes limiters with counters of their own: a route passing another's name
 * gets the same budgets, counted apart.
 *
 * Both are checked by one handler: two `app.rateLimit()` hooks on one route do not stack, since the
 * plugin marks the request after the first and the second then lets everything through.
 */
export function limitByIpAndAccount(
  app: FastifyInstance,
  name: LimitName,
  accountOf: (request: FastifyRequest) => string | Promise<string>,
): preHandlerHookHandler[] {
  const limits = budgets[name]
  const checks = [
    app.createRateLimit({ ...limits.ip, keyGenerator: (request) => `${name}:ip:${request.ip}` }),
    app.createRateLimit({
      ...limits.account,
      keyGenerator: async (request) => `${name}:account:${(await accountOf(request)).toLowerCase()}`,
    }),
  ]
  return [
    async (request) => {
      for (const check of checks) {
        const result = await check(request)
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(
            429,
            'rate_limited',
            'Too many requests. Please wait a moment and try again.',
            undefined,
            { 'retry-after': String(result.ttlInSeconds) },
          )
        }
      }
    },
  ]
}

/**
 * A signed-in player's route with `name`'s budgets, per address and per account (a guest is refused with
 * 401 before it spends anything); none while the configuration turns rate limits off.
 */
export function limitSignedIn(
  app: FastifyInstance,
  ctx: AppContext,
  name: LimitName,
): preHandlerHookHandler[] {
  if (!ctx.config.rateLimits) return []
  return limitByIpAndAccount(app, name, async (request) => (await requireUser(request, ctx)).user.username)
}
