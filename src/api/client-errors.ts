import { z } from 'zod'

/** What `POST /v1/client-errors` accepts: the server refuses bigger reports, the client trims to fit. */
export const clientErrorLimits = {
  messageChars: 2000,
  stackChars: 10_000,
  /** the JSON of `context` */
  contextChars: 4000,
  /** the whole request body */
  bodyBytes: 16 * 1024,
  /** reports per client address and minute */
  perMinute: 30,
} as const

/** How deep `context` may nest, and how many objects and arrays it may hold. */
const contextDepth = 8
const contextNodes = 500

/**
 * Whether a parsed JSON value stays within the depth and node limits. Iterative, not recursive: a
 * 16 KB body can nest thousands of levels deep, which a recursive schema would answer with a stack
 * overflow (a 500) instead of a 400.
 */
export function isSmallJson(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  let nodes = 0
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number]
    if (item === null || typeof item !== 'object') continue
    nodes += 1
    if (depth > contextDepth || nodes > contextNodes) return false
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  try {
    return (JSON.stringify(value) ?? '').length <= clientErrorLimits.contextChars
  } catch {
    return false
  }
}

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
