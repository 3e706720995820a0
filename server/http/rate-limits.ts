import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'

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

/**
 * Two limiters for one route: by client address, and by the account the body names (whether or not it
 * exists, so the answer tells nothing), so spreading guesses over many addresses does not help.
 */
export function limitByIpAndAccount(
  app: FastifyInstance,
  name: keyof typeof authLimits,
  accountOf: (request: FastifyRequest) => string,
): preHandlerHookHandler[] {
  const limits = authLimits[name]
  return [
    app.rateLimit({ ...limits.ip, keyGenerator: (request) => `${name}:ip:${request.ip}` }),
    app.rateLimit({
      ...limits.account,
      keyGenerator: (request) => `${name}:account:${accountOf(request).toLowerCase()}`,
    }),
  ]
}
