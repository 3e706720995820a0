import { z } from 'zod'

import { clientErrorLimits, contextDepth, isSmallJson } from './client-error-limits'

export { clientErrorLimits, isSmallJson } from './client-error-limits'

/**
 * An error the SPA reports when no Sentry DSN is configured: the message, the stack, and a small JSON
 * object of context (what the app was doing: route, machine, missing titles).
 */
export const clientErrorBodySchema = z.strictObject({
  message: z.string().trim().min(1).max(clientErrorLimits.messageChars),
  stack: z.string().max(clientErrorLimits.stackChars).optional(),
  context: z
    .record(z.string().max(100), z.unknown())
    .refine(isSmallJson, {
      error: `The context must be at most ${clientErrorLimits.contextChars} characters of JSON, ${contextDepth} levels deep`,
    })
    .optional(),
})
export type ClientErrorBody = z.infer<typeof clientErrorBodySchema>
