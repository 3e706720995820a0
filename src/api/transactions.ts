import { z } from 'zod'

export const transactionTypes = ['wager', 'tag', 'payment', 'grant', 'reward'] as const
export const transactionTypeSchema = z.enum(transactionTypes)
export type TransactionType = z.infer<typeof transactionTypeSchema>

/**
 * What the row was for, as far as the reference and the game's rows tell (ours; the spec's transaction
 * has only the reference): the poll's title and the side the player bet on, a prediction's title and
 * message, how many predictions a batch credit paid.
 */
export const transactionAboutSchema = z.object({
  pollId: z.number().int().optional(),
  titleId: z.number().int().optional(),
  side: z.enum(['up', 'flat', 'down']).optional(),
  messageId: z.string().optional(),
  predictions: z.number().int().optional(),
})
export type TransactionAbout = z.infer<typeof transactionAboutSchema>

/** One ledger row of a wallet (spec §3 "Transaction"). */
export const transactionSchema = z.object({
  transactionId: z.number(),
  /** the wallet whose balance it changed */
  receiver: z.string(),
  type: transactionTypeSchema,
  /** signed TTC, two decimals: negative for a wager or a payment out */
  amount: z.number(),
  /** what it is for: 'signup', 'tag:<titleId>:<messageId>', 'poll:<pollId>', ... */
  reference: z.string(),
  createdAt: z.number(),
  about: transactionAboutSchema.optional(),
})
export type Transaction = z.infer<typeof transactionSchema>

/**
 * `GET /v1/stockgame/transactions/{walletAddress}`: the caller's own wallet only (anybody else's, the
 * Bank's or an unknown address all get 403, so the answer never tells whether an address exists).
 * Newest first; the next page is `?before=<transactionId of the last row>`.
 */
export const transactionsSchema = z.array(transactionSchema)

export const walletParamsSchema = z.strictObject({
  walletAddress: z.string().regex(/^[\x21-\x7e]{1,128}$/, 'Invalid wallet address'),
})

export const transactionsPageSize = 50
export const transactionsMaxPageSize = 100

export const transactionsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(transactionsMaxPageSize).default(transactionsPageSize),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
})
