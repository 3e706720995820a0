import { z } from 'zod'
import { groupSchema } from './groups'
import { playerInvitationSchema } from './invitations'
import { ownVoteSchema, voteValueSchema } from './polls'
import { taggedMessageSchema } from './predictions'
import { settingsSchema } from './settings'
import { transactionSchema } from './transactions'

/** Settings' "Download your data". */
export const playerDataPath = '/v1/users/me/data'

/** The file's name: the player and the day it was made (UTC), e.g. alpha-anna-2026-11-28.json. */
export function playerDataFileName(username: string, exportedAt: number): string {
  return `alpha-${username}-${new Date(exportedAt).toISOString().slice(0, 10)}.json`
}

/**
 * `GET /v1/users/me/data`: everything the game keeps about the signed-in player, as one JSON file (a
 * copy of their data, GDPR art. 15 and 20). Each part has the shape the game's own answers give it;
 * the long lists are complete, newest first, where the screens show a recent page.
 */
export const playerDataSchema = z.object({
  /** epoch ms of the game clock when the file was made */
  exportedAt: z.number(),
  account: z.object({
    id: z.number(),
    username: z.string(),
    email: z.string(),
    /** null: the address is not confirmed */
    emailConfirmedAt: z.number().nullable(),
    /** news and closeouts by e-mail (important messages come whatever this is) */
    newsByMail: z.boolean(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    createdAt: z.number(),
    /** 'password' and each social provider the account signs in with */
    signInWith: z.array(z.string()),
    settings: settingsSchema,
  }),
  /** the devices signed in now */
  sessions: z.array(z.object({ createdAt: z.number(), lastSeenAt: z.number() })),
  /** the groups the player is in or invited to */
  groups: z.array(groupSchema),
  /** the sign-up links the player made */
  invitations: z.array(playerInvitationSchema),
  /** weekly trophies won: the group, the week (its Monday 00:00), the rank and its points (TTC) */
  trophies: z.array(
    z.object({
      groupId: z.number(),
      groupName: z.string(),
      weekStart: z.number(),
      rank: z.number(),
      points: z.number(),
      awardedAt: z.number(),
    }),
  ),
  /** every prediction, newest first, with its evaluation once judged */
  predictions: z.array(taggedMessageSchema),
  /** every bet, newest first, with its poll's title, evaluation time and outcome (null until settled) */
  bets: z.array(
    ownVoteSchema.extend({
      titleId: z.number(),
      evalTime: z.number(),
      outcome: voteValueSchema.nullable(),
    }),
  ),
  /** every transaction of the player's wallets, newest first */
  transactions: z.array(transactionSchema),
})
export type PlayerData = z.infer<typeof playerDataSchema>
