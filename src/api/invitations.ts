import { z } from 'zod'
import { invitationCodeSchema } from './auth'
import { databaseIdSchema } from './ids'

export const invitationStates = ['open', 'used', 'expired', 'withdrawn'] as const

/** The SPA route an invitation link opens: Sign up with the code filled in. */
export const invitationLinkPath = '/account/signin'
/** The query parameter of an invitation link that carries the code. */
export const invitationLinkParam = 'invite'

/** `POST /v1/invitations`: a link for anybody, or for a group the new player starts as a member of. */
export const createInvitationBodySchema = z.strictObject({ groupId: databaseIdSchema.optional() })
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>

/** `{code}` in `DELETE /v1/invitations/{code}`: as shown (groups of four) or as stored. */
export const invitationParamsSchema = z.strictObject({ code: invitationCodeSchema })

/** One of the signed-in player's own invitations. */
export const playerInvitationSchema = z.object({
  /** for display: groups of four symbols, ABCD-EFGH-... */
  code: z.string(),
  /** `${APP_ORIGIN}/account/signin?invite=CODE` */
  url: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  state: z.enum(invitationStates),
  /** the group a new player joins with it; null: none (or the group is gone) */
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** who joined with it (null also when that account was deleted since) */
  usedBy: z.object({ id: z.number(), username: z.string() }).nullable(),
  usedAt: z.number().nullable(),
  withdrawnAt: z.number().nullable(),
})
export type PlayerInvitation = z.infer<typeof playerInvitationSchema>

/** `POST /v1/invitations` answers with the new link (201). */
export const createdInvitationSchema = playerInvitationSchema

/** The operator's limits, so the client can say how many links are left. */
export const invitationLimitsSchema = z.object({
  /** open invitations a player may hold at once */
  openPerPlayer: z.number(),
  /** how long a new invitation stays open */
  lifetimeDays: z.number(),
})
export type InvitationLimits = z.infer<typeof invitationLimitsSchema>

/** `GET /v1/invitations`: the player's own, newest first, with the limits. */
export const invitationListSchema = z.object({
  invitations: z.array(playerInvitationSchema),
  limits: invitationLimitsSchema,
})
export type InvitationList = z.infer<typeof invitationListSchema>
