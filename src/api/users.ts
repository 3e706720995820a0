import { z } from 'zod'
import { storableText } from './auth'
import { taggedMessageSchema } from './predictions'

export const walletSchema = z.object({
  address: z.string(),
  /** TTC, two decimals */
  balance: z.number(),
  createdAt: z.number(),
})

export const badgeSchema = z.object({ groupName: z.string(), rank: z.number(), count: z.number() })

/** What anybody signed in may see of a player. */
export const publicUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  rank: z.number(),
  liveRank: z.number(),
  userBadges: z.array(badgeSchema),
  createdAt: z.number(),
})
export type PublicUser = z.infer<typeof publicUserSchema>

/**
 * `GET /v1/users/{user}`: the public profile with what the user info dialog shows (spec §2): the
 * balance, the public groups the player is in, and counts of bets and predictions.
 */
export const userProfileSchema = publicUserSchema.extend({
  /** TTC over the player's wallets */
  balance: z.number(),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  votes: z.object({ total: z.number(), open: z.number(), won: z.number() }),
  predictions: z.object({ total: z.number(), running: z.number(), correct: z.number() }),
})
export type UserProfile = z.infer<typeof userProfileSchema>

export const invitationSchema = z.object({
  code: z.string(),
  expiresAt: z.number(),
  usedAt: z.number().nullable(),
})

/** The signed-in player as `GET /v1/auth/info` returns it. Never carries a private key. */
export const authUserSchema = publicUserSchema.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  websocketCredentials: z.string(),
  /** factor the next prediction would earn */
  rewardFactor: z.number(),
  /** the predictions of the last 7 days, newest first (see taggedMessageSchema) */
  taggedMessages: z.array(taggedMessageSchema),
  wallets: z.array(walletSchema),
  wallet: walletSchema,
  activeGroupId: z.number(),
  invitationCodes: z.array(invitationSchema),
})
export type AuthUser = z.infer<typeof authUserSchema>

export const userSearchQuerySchema = z.strictObject({
  name: z.string().trim().min(1).max(64).refine(storableText),
})

/** `{user}` in /v1/users/{user}: a numeric id, a username, or 'me'. */
export const userRefSchema = z.strictObject({
  user: z.string().min(1).max(64).refine(storableText),
})
