import { z } from 'zod'
import {
  everybodyGroupName,
  type GroupNameProblem,
  groupNameMaxLength,
  groupNameProblem,
} from '../domain/group-rules'
import { normalizedName } from '../domain/names'
import { ttcAmountProblem } from '../domain/ttc-amount'
import { databaseIdParamSchema, databaseIdSchema } from './ids'

/** The group every player is in; a session starts with it active. */
export const defaultGroupId = 1000

/** The spec's texts of group validation, shown by the client's forms and sent by the server. */
export const groupTexts = {
  name: 'Please set a group name...',
  avatar: 'Avatar must be a PNG, JPEG or GIF.',
  needsAdmin: 'Cannot save changes, at least one member must be an admin.',
} as const

/** What the form and the server say of a refused group name (`groupNameProblem`). */
export const groupNameTexts: Record<GroupNameProblem, string> = {
  name: groupTexts.name,
  nameCharacters: 'A group name cannot contain control, invisible or text-direction characters.',
  nameLength: `A group name has at most ${groupNameMaxLength} characters.`,
  nameReserved: `${everybodyGroupName} is the group every player is in: please choose another name.`,
}

/** Why an event's extra prize is refused (`ttcAmountProblem`); the server checks the balance after. */
export const extraPrizeTexts = {
  notANumber: 'An extra prize must be a number.',
  notPositive: 'An extra prize is 0 (none) or at least 0.01 TTC.',
  decimals: 'An amount of TTC has at most two decimals.',
  tooLarge: 'An extra prize is at most 1,000,000 TTC.',
} as const

export const groupTypes = ['userGroup', 'event', 'poll'] as const
export type GroupType = (typeof groupTypes)[number]

/** 'invited': added by an admin, not yet joined. Only active members play, count and may be selected. */
export const memberStatuses = ['active', 'invited'] as const
export type MemberStatus = (typeof memberStatuses)[number]

/** Largest avatar upload in bytes, longest group name: one rule for the client's form and the server. */
export { avatarMaxBytes, groupNameMaxLength } from '../domain/group-rules'
/** Content types `POST .../avatar` takes; the server decides by the bytes, not by this header. */
export const avatarUploadTypes = ['image/png', 'image/jpeg', 'image/gif', 'application/octet-stream'] as const

const id = databaseIdSchema
const titleId = id
const epochMs = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

/** A group name as `groupNameProblem` takes it, kept normalised (`normalizedName`). */
export const groupNameSchema = z
  .string({ error: groupTexts.name })
  .superRefine((raw, issues) => {
    const problem = groupNameProblem(raw)
    if (problem) issues.addIssue({ code: 'custom', message: groupNameTexts[problem] })
  })
  .transform((raw) => normalizedName(raw) ?? raw)

/** Largest extra prize of an event, in TTC. */
export const maxExtraPrize = 1_000_000

/** 0 (no prize) or an amount of TTC the game takes (src/domain/ttc-amount), up to `maxExtraPrize`. */
const extraPrize = z
  .number()
  .min(0, { error: extraPrizeTexts.notPositive })
  .max(maxExtraPrize, { error: extraPrizeTexts.tooLarge })
  .superRefine((ttc, issues) => {
    const problem = ttc === 0 ? undefined : ttcAmountProblem(ttc, maxExtraPrize)
    if (problem) issues.addIssue({ code: 'custom', message: extraPrizeTexts[problem] })
  })

const titleRestrictions = z
  .array(titleId)
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each title may be named once.' })

/** A group as the server shows it to a signed-in player. */
export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(groupTypes),
  publicGroup: z.boolean(),
  /** served by `GET /v1/stockgame/groups/avatars/{file}`; null without an avatar */
  avatarUrl: z.string().nullable(),
  /** active members */
  memberCount: z.number(),
  createdAt: z.number(),
  /** the creator's user id; null for group 1000 and when that account is gone */
  createdBy: z.number().nullable(),
  /** events: when the event ends */
  endTime: z.number().nullable(),
  /** events: the title ids the event counts; empty: all titles */
  titleRestrictions: z.array(z.number()),
  /** events: TTC the best player of the event wins, funded by the creator */
  extraPrize: z.number(),
  prizePaidAt: z.number().nullable(),
  /** the caller's membership: null when not in the group */
  memberStatus: z.enum(memberStatuses).nullable(),
  /** whether the caller is an admin of the group */
  isAdmin: z.boolean(),
  /**
   * invitations only: the username of the admin who invited the caller; absent for other groups, for
   * invitations older than this field and when that account is gone
   */
  invitedBy: z.string().optional(),
})
export type Group = z.infer<typeof groupSchema>

/** `GET /v1/stockgame/groups`. */
export const groupListsSchema = z.object({
  /** groups the caller is an active member of, group 1000 first */
  groups: z.array(groupSchema),
  /** groups an admin added the caller to; join to accept, leave to decline */
  invitations: z.array(groupSchema),
  /** public groups the caller has no membership of, most members first */
  publicGroups: z.array(groupSchema),
})
export type GroupLists = z.infer<typeof groupListsSchema>

export const groupMemberSchema = z.object({
  userId: z.number(),
  username: z.string(),
  isAdmin: z.boolean(),
  status: z.enum(memberStatuses),
  joinedAt: z.number(),
})
export type GroupMember = z.infer<typeof groupMemberSchema>
export const groupMembersSchema = z.array(groupMemberSchema)

export const groupParamsSchema = z.strictObject({
  groupId: databaseIdParamSchema,
})

export const avatarFileParamsSchema = z.strictObject({
  file: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|gif)$/),
})

/** `POST /v1/stockgame/groups`. Events need an end time; only events take title restrictions and a prize. */
export const createGroupBodySchema = z
  .strictObject({
    name: groupNameSchema,
    publicGroup: z.boolean().default(false),
    type: z.enum(['userGroup', 'event']).default('userGroup'),
    endTime: epochMs.nullish(),
    titleRestrictions: titleRestrictions.default([]),
    extraPrize: extraPrize.default(0),
  })
  .superRefine((body, issues) => {
    if (body.type === 'event') {
      if (body.endTime == null)
        issues.addIssue({ code: 'custom', path: ['endTime'], message: 'An event needs an end time.' })
      return
    }
    const onlyEvents = (path: string, what: string) =>
      issues.addIssue({ code: 'custom', path: [path], message: `Only events have ${what}.` })
    if (body.endTime != null) onlyEvents('endTime', 'an end time')
    if (body.titleRestrictions.length > 0) onlyEvents('titleRestrictions', 'title restrictions')
    if (body.extraPrize > 0) onlyEvents('extraPrize', 'an extra prize')
  })
export type CreateGroupBody = z.input<typeof createGroupBodySchema>

/**
 * `POST .../save` {group}: the group as the client holds it. Read-only fields (id, counts, type, prize)
 * may come along and are ignored; avatarUrl null removes the avatar (uploads go to `POST .../avatar`).
 */
export const saveGroupBodySchema = z.strictObject({
  group: z.object({
    name: groupNameSchema,
    publicGroup: z.boolean(),
    avatarUrl: z.string().max(200).nullish(),
    endTime: epochMs.nullish(),
    titleRestrictions: titleRestrictions.optional(),
  }),
})
export type SaveGroupBody = z.input<typeof saveGroupBodySchema>

/** `POST .../members/set`: the whole new member list (other member fields the client holds are ignored). */
export const setMembersBodySchema = z.strictObject({
  groupId: id,
  members: z
    .array(z.object({ userId: id, isAdmin: z.boolean() }))
    .max(1000)
    .refine((members) => members.some((m) => m.isAdmin), { error: groupTexts.needsAdmin })
    .refine((members) => new Set(members.map((m) => m.userId)).size === members.length, {
      error: 'Each player may be listed once.',
    }),
})
export type SetMembersBody = z.input<typeof setMembersBodySchema>

/** `POST .../members/update`: players to add; they are invited and join when they accept. */
export const updateMembersBodySchema = z.strictObject({
  groupId: id,
  addMemberIds: z.array(id).min(1).max(100),
})
export type UpdateMembersBody = z.input<typeof updateMembersBodySchema>

/** `PATCH /v1/session`. */
export const sessionPatchBodySchema = z.strictObject({ activeGroupId: id })
export const sessionPatchResponseSchema = z.object({ activeGroupId: z.number() })
