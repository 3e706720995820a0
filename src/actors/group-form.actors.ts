import { fromPromise } from 'xstate'
import type { Group } from '../api/groups'
import type { GroupFormMachine } from '../machines/group-form.machine'
import type { GroupDraft, SubmitGroupInput, UploadAvatarInput } from '../machines/group-form.types'
import type { GroupsEvent } from '../machines/groups.types'
import { type GameCall, gameCallFor, type Sendable } from './game-api'
import type { Notifier } from './notifier'
import type { ServerErrorPolicyDeps } from './server-error.actors'

export interface GroupFormDeps extends ServerErrorPolicyDeps {
  readonly notify: Notifier
  /** the client's groups actor, which lists the saved group */
  readonly groups: Sendable<GroupsEvent>
}

/** The avatar as a body the server takes: a file without a type goes as octet-stream (the bytes decide). */
const avatarBody = (file: Blob) => (file.type ? file : new Blob([file], { type: 'application/octet-stream' }))

const eventFields = (draft: GroupDraft) =>
  draft.type === 'event'
    ? {
        endTime: draft.endTime,
        extraPrize: draft.extraPrize,
        titleRestrictions: [...draft.titleRestrictions],
      }
    : {}

/** Creates (`POST /groups`) or saves (`POST .../save`) the group's settings. */
export function saveGroup(call: GameCall, { groupId, draft }: SubmitGroupInput): Promise<Group> {
  const name = draft.name.trim()
  return groupId === undefined
    ? call('createGroup', {
        body: { name, publicGroup: draft.publicGroup, type: draft.type, ...eventFields(draft) },
      })
    : call('saveGroup', {
        params: { groupId },
        body: {
          group: {
            name,
            publicGroup: draft.publicGroup,
            ...(draft.type === 'event'
              ? { endTime: draft.endTime, titleRestrictions: [...draft.titleRestrictions] }
              : {}),
          },
        },
      })
}

/** Uploads the picked avatar of a saved group (`POST .../avatar`); answers the group with it. */
export async function uploadAvatar(call: GameCall, { groupId, avatar }: UploadAvatarInput): Promise<Group> {
  if (!avatar) throw new Error('no avatar to upload')
  return call('uploadGroupAvatar', { params: { groupId }, body: avatarBody(avatar as unknown as Blob) })
}

export function provideGroupForm(machine: GroupFormMachine, deps: GroupFormDeps) {
  const call = gameCallFor(deps)
  return machine.provide({
    actors: {
      saveGroup: fromPromise<Group, SubmitGroupInput>(({ input }) => saveGroup(call, input)),
      uploadAvatar: fromPromise<Group, UploadAvatarInput>(({ input }) => uploadAvatar(call, input)),
    },
    actions: {
      storeGroup: (_, group) => deps.groups.send({ type: 'group.stored', group }),
      notify: (_, notice) => deps.notify.show(notice),
    },
  })
}
