import type { Group } from '../api/groups'
import type { AvatarFile, GroupFormProblem } from '../domain/group-rules'

/** The kinds of group a player can create (spec §3 Group type; 'poll' groups are the server's). */
export type GroupFormType = 'userGroup' | 'event'

/** What the form holds: the fields of a new group, or the settings of one being changed. */
export interface GroupDraft {
  readonly name: string
  readonly publicGroup: boolean
  readonly type: GroupFormType
  /** events: when the event ends (epoch ms) */
  readonly endTime?: number
  /** events: TTC the best player wins, paid by the creator */
  readonly extraPrize: number
  /** events: the only titles whose predictions and polls count (every title when empty) */
  readonly titleRestrictions: readonly number[]
  /** a newly picked avatar (a File in the browser); uploaded after the group is saved */
  readonly avatar?: AvatarFile
}

/** Why the form was not sent: `GroupFormProblem` of the spec's texts, or an event without an end. */
export type DraftProblem = GroupFormProblem | 'endTime'

export interface GroupFormInput {
  /** the group to change; absent: a new one */
  readonly group?: Group
}

export interface GroupFormContext {
  /** the group being changed; undefined when creating */
  readonly group?: Group
  readonly draft: GroupDraft
  /** shown beside their fields once the player tried to send */
  readonly problems: Partial<Record<'name' | 'avatar' | 'endTime', DraftProblem>>
}

export type GroupFormEvent =
  | { readonly type: 'groupForm.setName'; readonly name: string }
  | { readonly type: 'groupForm.setPublic'; readonly publicGroup: boolean }
  | { readonly type: 'groupForm.setType'; readonly groupType: GroupFormType }
  | { readonly type: 'groupForm.setEndTime'; readonly endTime?: number }
  | { readonly type: 'groupForm.setExtraPrize'; readonly extraPrize: number }
  | { readonly type: 'groupForm.addTitle'; readonly titleId: number }
  | { readonly type: 'groupForm.removeTitle'; readonly titleId: number }
  /** a picked file (undefined clears it): checked at once, since the spec's text is about the file */
  | { readonly type: 'groupForm.pickAvatar'; readonly file?: AvatarFile }
  | { readonly type: 'groupForm.submit' }

/** What `submitGroup` gets: the draft, and the group to change when there is one. */
export interface SubmitGroupInput {
  readonly groupId?: number
  readonly draft: GroupDraft
}

/** What `uploadAvatar` gets: the saved group and the picked file. */
export interface UploadAvatarInput {
  readonly groupId: number
  readonly avatar?: AvatarFile
}

/** Our text for an event without an end (the spec shows none; the server sends the same). */
export const groupFormTexts = { endTime: 'An event needs an end time.' } as const
