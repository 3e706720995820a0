/** The first answer to a write sent with an Idempotency-Key header, replayed to retries of it. */
export interface IdempotencyKeysTable {
  userId: number
  key: string
  /** method and route, so a key reused for another call is refused instead of replayed */
  route: string
  statusCode: number
  /** JSON of the response body */
  body: string
  createdAt: number
}
