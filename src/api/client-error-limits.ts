// zod-free: the client's error reporter uses these at boot; `client-errors.ts` re-exports them

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
export const contextDepth = 8
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
