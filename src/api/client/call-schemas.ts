import { z } from 'zod'
import { activityPageSchema, activityQuerySchema } from '../activity'
import { currentAnnouncementSchema } from '../announcements'
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  emailChangeLinkBodySchema,
  emailLinkBodySchema,
  passwordResetAcceptedSchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '../auth'
import { authorDetailSchema, authorsPageSchema, authorsQuerySchema } from '../authors'
import { bankReportSchema } from '../bank'
import { clientErrorBodySchema } from '../client-errors'
import { crowdQuerySchema, crowdSplitSchema } from '../crowd'
import {
  createGroupBodySchema,
  groupListsSchema,
  groupMembersSchema,
  groupSchema,
  saveGroupBodySchema,
  sessionPatchBodySchema,
  sessionPatchResponseSchema,
  setMembersBodySchema,
  updateMembersBodySchema,
} from '../groups'
import { createdInvitationSchema, createInvitationBodySchema, invitationListSchema } from '../invitations'
import {
  chartQuerySchema,
  chartSchema,
  fundamentalsSchema,
  tickSchema,
  universeSchema,
  untaggedMessagesSchema,
} from '../market'
import { socialProvidersResponseSchema } from '../oauth'
import { playerDataSchema } from '../player-data'
import { pollListSchema, pollPerformanceSchema, pollResultsSchema, voteBodySchema } from '../polls'
import {
  predictionHistoryQuerySchema,
  predictionHistorySchema,
  tagBodySchema,
  taggedMessagePerformanceSchema,
  tagResponseSchema,
} from '../predictions'
import { pushKeySchema, pushSubscriptionSchema } from '../push'
import { championsSchema, rankingSchema, rankingsQuerySchema } from '../rankings'
import { settingsPatchSchema, settingsSchema } from '../settings'
import { userSkillSchema } from '../skill'
import { stateSchema } from '../state'
import { transactionsQuerySchema, transactionsSchema } from '../transactions'
import { authUserSchema, publicUserSchema, userProfileSchema, userSearchQuerySchema } from '../users'
import type { apiCalls, CallName } from './calls'

/** What a call's schemas may hold: its query, body and answer. */
export interface CallSchemas {
  readonly query?: z.ZodType
  readonly body?: z.ZodType
  readonly response?: z.ZodType
}

/**
 * The schemas of every call of `apiCalls` (types and answer parsing), apart from the table so the
 * client loads zod and the shared schemas only when a first answer needs parsing (`loadCallSchemas`).
 */
export const callSchemas = {
  authInfo: { response: authUserSchema },
  signIn: { body: signInBodySchema, response: authUserSchema },
  signUp: { body: signUpBodySchema, response: authUserSchema },
  logout: {},
  requestPasswordReset: { body: passwordResetRequestBodySchema, response: passwordResetAcceptedSchema },
  resetPassword: { body: passwordResetBodySchema },
  confirmEmail: { body: emailLinkBodySchema },
  resendConfirmEmail: { response: passwordResetAcceptedSchema },
  unsubscribe: { body: emailLinkBodySchema },
  changeEmailLink: { body: emailChangeLinkBodySchema },
  authProviders: { response: socialProvidersResponseSchema },
  state: { response: stateSchema },
  universe: { response: universeSchema },
  untaggedMessages: { response: untaggedMessagesSchema },
  tag: { body: tagBodySchema, response: tagResponseSchema },
  predictionHistory: { query: predictionHistoryQuerySchema, response: predictionHistorySchema },
  playerData: { response: playerDataSchema },
  taggedMessagesPerformance: { response: taggedMessagePerformanceSchema },
  polls: { response: pollListSchema },
  vote: { body: voteBodySchema, response: pollResultsSchema },
  pollsPerformance: { response: pollPerformanceSchema },
  activity: { query: activityQuerySchema, response: activityPageSchema },
  rankings: { query: rankingsQuerySchema, response: rankingSchema },
  champions: { response: championsSchema },
  bank: { response: bankReportSchema },
  transactions: { query: transactionsQuerySchema, response: transactionsSchema },
  titleTick: { response: tickSchema },
  titleChart: { query: chartQuerySchema, response: chartSchema },
  titleCrowd: { query: crowdQuerySchema, response: crowdSplitSchema },
  titleFundamentals: { response: fundamentalsSchema },
  user: { response: userProfileSchema },
  deleteAccount: { body: deleteAccountBodySchema },
  changePassword: { body: changePasswordBodySchema },
  changeEmail: { body: changeEmailBodySchema, response: passwordResetAcceptedSchema },
  searchUsers: { query: userSearchQuerySchema, response: z.array(publicUserSchema) },
  settings: { response: settingsSchema },
  userSkill: { response: userSkillSchema },
  authors: { query: authorsQuerySchema, response: authorsPageSchema },
  author: { response: authorDetailSchema },
  patchSettings: { body: settingsPatchSchema, response: settingsSchema },
  switchGroup: { body: sessionPatchBodySchema, response: sessionPatchResponseSchema },
  groups: { response: groupListsSchema },
  createGroup: { body: createGroupBodySchema, response: groupSchema },
  joinGroup: { response: groupSchema },
  uploadGroupAvatar: {
    body: z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob),
    response: groupSchema,
  },
  groupMembers: { response: groupMembersSchema },
  setGroupMembers: { body: setMembersBodySchema, response: groupMembersSchema },
  updateGroupMembers: { body: updateMembersBodySchema, response: groupSchema },
  saveGroup: { body: saveGroupBodySchema, response: groupSchema },
  leaveGroup: {},
  deleteGroup: {},
  invitations: { response: invitationListSchema },
  createInvitation: { body: createInvitationBodySchema, response: createdInvitationSchema },
  withdrawInvitation: {},
  pushKey: { response: pushKeySchema },
  announcement: { response: currentAnnouncementSchema },
  savePushSubscription: { body: pushSubscriptionSchema },
  reportClientError: { body: clientErrorBodySchema },
} as const satisfies Record<CallName, CallSchemas>

/** Every call declares in `apiCalls` exactly the parts it has schemas for. */
type Flags<S> = { readonly [K in keyof S & keyof CallSchemas]: true }
type Declared<D> = { readonly [K in keyof D & keyof CallSchemas]: D[K] }
type SameFlags<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Mismatched = {
  [N in CallName]: SameFlags<Flags<(typeof callSchemas)[N]>, Declared<(typeof apiCalls)[N]>> extends true
    ? never
    : N
}[CallName]
const flagsMatch: [Mismatched] extends [never] ? true : Mismatched = true
void flagsMatch
