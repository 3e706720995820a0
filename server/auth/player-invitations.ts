import { invitationLinkParam, invitationLinkPath, type PlayerInvitation } from '../../src/api/invitations'
import { everybodyGroupId } from '../../src/domain/group-rules'
import { canInviteToGroup, canOpenAnotherInvitation, invitationStateOf } from '../../src/domain/invitations'
import type { AppContext } from '../context'
import type { Tx } from '../db/database'
import { groupErrors } from '../game/groups'
import { groupFor } from '../game/groups.repo'
import { fieldRefusal, notFound, Refusal } from '../refusal'
import { formatInvitationCode } from './invitation-codes'
import {
  createInvitationCodes,
  lockInviter,
  type OwnInvitationRow,
  openInvitationCount,
  ownInvitation,
  ownInvitations,
  withdrawInvitationCode,
} from './invitations.repo'

/** The most invitations `GET /v1/invitations` lists: the newest ones. */
export const listedInvitationsLimit = 100

const dayMs = 24 * 3600_000

export const invitationErrors = {
  limitReached: (limit: number) =>
    new Refusal(
      'invitation_limit_reached',
      limit === 0
        ? 'Players cannot make invitation links in this game.'
        : `You have ${limit} open invitation links already. Withdraw one or wait until one is used or expires.`,
    ),
  notGroupInviter: () =>
    new Refusal(
      'group_invitation_forbidden',
      'Only members of a public group, or admins of a private one, can invite new players into it.',
    ),
  everybodyGroup: () =>
    fieldRefusal('groupId', 'Every player is in the group Alpha: invite without a group.'),
  notOpen: () =>
    new Refusal('invitation_not_open', 'This invitation was used, withdrawn or has expired already.'),
}

/** The link a player hands out: the sign-in page opens Sign up with the code filled in. */
export function invitationUrl(appOrigin: string, code: string): string {
  return `${appOrigin}${invitationLinkPath}?${invitationLinkParam}=${formatInvitationCode(code)}`
}

export const invitationLifetimeMs = (ctx: AppContext) => ctx.config.inviteDays * dayMs

function invitationPayload(ctx: AppContext, row: OwnInvitationRow, now: number): PlayerInvitation {
  return {
    code: formatInvitationCode(row.code),
    url: invitationUrl(ctx.config.appOrigin, row.code),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    state: invitationStateOf(row, now),
    group: row.groupId !== null && row.groupName !== null ? { id: row.groupId, name: row.groupName } : null,
    usedBy:
      row.usedBy !== null && row.usedByName !== null ? { id: row.usedBy, username: row.usedByName } : null,
    usedAt: row.usedAt,
    withdrawnAt: row.withdrawnAt,
  }
}

/** Checks the inviter may bring new players into the group (see canInviteToGroup). */
async function checkGroupInviter(tx: Tx, ownerId: number, groupId: number, now: number) {
  if (groupId === everybodyGroupId) throw invitationErrors.everybodyGroup()
  const group = await groupFor(tx, groupId, ownerId)
  if (!group || (group.memberStatus === null && !group.publicGroup)) throw notFound('Group')
  if (group.memberStatus !== 'active') throw groupErrors.notMember()
  if (group.endTime !== null && group.endTime <= now) throw groupErrors.eventEnded()
  if (!canInviteToGroup(group, now)) throw invitationErrors.notGroupInviter()
}

/**
 * A new single-use link of the player, within the operator's limit of open links, in the caller's
 * transaction (the route runs it under an Idempotency-Key): the count and the new code hold the
 * player's row, so parallel requests cannot pass the limit together.
 */
export async function createPlayerInvitation(
  ctx: AppContext,
  tx: Tx,
  ownerId: number,
  groupId: number | undefined,
): Promise<PlayerInvitation> {
  const now = ctx.clock.now()
  const limit = ctx.config.invitesOpenPerPlayer
  await lockInviter(tx, ownerId)
  if (groupId !== undefined) await checkGroupInviter(tx, ownerId, groupId, now)
  if (!canOpenAnotherInvitation(await openInvitationCount(tx, ownerId, now), limit))
    throw invitationErrors.limitReached(limit)
  const [code] = await createInvitationCodes(tx, {
    count: 1,
    ownerId,
    now,
    lifetimeMs: invitationLifetimeMs(ctx),
    groupId: groupId ?? null,
  })
  const row = code === undefined ? undefined : await ownInvitation(tx, ownerId, code)
  if (!row) throw new Error('the new invitation vanished')
  return invitationPayload(ctx, row, now)
}

export async function listPlayerInvitations(ctx: AppContext, ownerId: number) {
  const now = ctx.clock.now()
  const rows = await ownInvitations(ctx.db, ownerId, listedInvitationsLimit)
  return {
    invitations: rows.map((row) => invitationPayload(ctx, row, now)),
    limits: { openPerPlayer: ctx.config.invitesOpenPerPlayer, lifetimeDays: ctx.config.inviteDays },
  }
}

/** Every link the player made, newest first, for their data download (a player makes a few a week). */
export async function everyPlayerInvitation(ctx: AppContext, ownerId: number): Promise<PlayerInvitation[]> {
  const now = ctx.clock.now()
  return (await ownInvitations(ctx.db, ownerId)).map((row) => invitationPayload(ctx, row, now))
}

/** Withdraws an open code of the player: 404 for a code that is not theirs, 409 for one no longer open. */
export async function withdrawPlayerInvitation(
  ctx: AppContext,
  ownerId: number,
  code: string,
): Promise<void> {
  const now = ctx.clock.now()
  if (await withdrawInvitationCode(ctx.db, ownerId, code, now)) return
  if (await ownInvitation(ctx.db, ownerId, code)) throw invitationErrors.notOpen()
  throw notFound('Invitation')
}
