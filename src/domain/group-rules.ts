import { normalizedName } from './names'

/** The group every player is in (spec §9 "Default active group id"): nobody leaves, edits or deletes it. */
export const everybodyGroupId = 1000

/** Avatar types the spec allows (§3 Group: PNG, JPEG or GIF). */
export const avatarMimeTypes = ['image/png', 'image/jpeg', 'image/gif'] as const
const avatarExtensions = /\.(png|jpe?g|gif)$/i
/** Largest avatar the server takes, in bytes. */
export const avatarMaxBytes = 256 * 1024

/** The name of group 1000 (migration 0006): no other group may look like it. */
export const everybodyGroupName = 'Alpha'

/** Longest group name, in UTF-16 units, after normalisation. */
export const groupNameMaxLength = 64

/** Why a group name is refused; src/api/groups `groupNameTexts` says each to the player. */
export type GroupNameProblem = 'name' | 'nameCharacters' | 'nameLength' | 'nameReserved'

/** Why a group form cannot be sent; the view shows the text of each (src/api/groups). */
export type GroupFormProblem = GroupNameProblem | 'avatar' | 'avatarSize'

/** What a group form checks of a picked file. */
export interface AvatarFile {
  readonly name: string
  readonly type: string
  readonly size: number
}

/**
 * Spec §5: a group needs a name (blank is none). Ours: the name as kept (`normalizedName`) holds no
 * character that hides or reorders text, fits 64 units, and is not the default group's in any case or
 * width, so nobody passes a group of their own off as the one every player is in. Stored names from
 * before stay as they are; they meet this rule when their group is next saved.
 */
export function groupNameProblem(raw: string): GroupNameProblem | undefined {
  const name = normalizedName(raw)
  if (name === undefined) return 'nameCharacters'
  if (name.length === 0) return 'name'
  if (name.length > groupNameMaxLength) return 'nameLength'
  if (name.toLowerCase() === everybodyGroupName.toLowerCase()) return 'nameReserved'
  return undefined
}

/**
 * Spec §5: an avatar must be a PNG, JPEG or GIF. The browser's type decides; a file without one (some
 * systems send none) is judged by its extension. The server checks the bytes again.
 */
export function avatarProblem(file: AvatarFile | undefined): GroupFormProblem | undefined {
  if (!file) return undefined
  const known = file.type
    ? (avatarMimeTypes as readonly string[]).includes(file.type)
    : avatarExtensions.test(file.name)
  if (!known) return 'avatar'
  return file.size > avatarMaxBytes ? 'avatarSize' : undefined
}

/** Spec §5: a member list may be saved only with an admin in it. */
export const hasAdmin = (members: readonly { readonly isAdmin: boolean }[]) =>
  members.some((member) => member.isAdmin)

interface Membership {
  readonly id: number
  readonly isAdmin: boolean
  readonly memberStatus: 'active' | 'invited' | null
}

/**
 * Spec §6: admins change settings, members and admins, and delete; group 1000 belongs to nobody. An
 * admin's invitation gives no rights until it is accepted (the server refuses an invited admin too).
 */
export const canAdminister = (group: Membership) =>
  group.isAdmin && group.memberStatus === 'active' && group.id !== everybodyGroupId

/** Spec §6: members can leave, except the group every player is in. */
export const canLeave = (group: Membership) =>
  group.memberStatus === 'active' && group.id !== everybodyGroupId
