/**
 * The first answer to a write sent with an Idempotency-Key header, replayed to retries of it. The key is
 * bound to the request: the same key with another method, path or body is refused, not replayed.
 */
export interface IdempotencyKeysTable {
  userId: number
  key: string
  method: string
  /** the concrete path, without the query: `/v1/stockgame/polls/7/vote` */
  path: string
  /** SHA-256 (base64url) of the validated body as JSON */
  bodyHash: string
  statusCode: number
  /** JSON of the response body */
  body: string
  createdAt: number
}
