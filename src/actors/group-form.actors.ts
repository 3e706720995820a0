import { fromPromise } from 'xstate'
import type { Group } from '../api/groups'
import type { GroupFormMachine } from '../machines/group-form.machine'
import type { GroupDraft, SubmitGroupInput } from '../machines/group-form.types'
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
  draft.type === 'event' ? { endTime: draft.endTime, extraPrize: draft.extraPrize } : {}

/** Creates (`POST /groups`) or saves (`POST .../save`) the group, then uploads a picked avatar. */
export async function submitGroup(call: GameCall, { groupId, draft }: SubmitGroupInput): Promise<Group> {
  const name = draft.name.trim()
  const group =
    groupId === undefined
      ? await call('createGroup', {
          body: { name, publicGroup: draft.publicGroup, type: draft.type, ...eventFields(draft) },
        })
      : await call('saveGroup', {
          params: { groupId },
          body: {
            group: {
              name,
              publicGroup: draft.publicGroup,
              ...(draft.type === 'event' ? { endTime: draft.endTime } : {}),
            },
          },
        })
  if (!draft.avatar) return group
  return call('uploadGroupAvatar', {
    params: { groupId: group.id },
    body: avatarBody(draft.avatar as unknown as Blob),
  })
}

export function provideGroupForm(machine: GroupFormMachine, deps: GroupFormDeps) {
  const call = gameCallFor(deps)
  return machine.provide({
    actors: { submitGroup: fromPromise<Group, SubmitGroupInput>(({ input }) => submitGroup(call, input)) },
    actions: {
      storeGroup: (_, group) => deps.groups.send({ type: 'group.stored', group }),
      notify: (_, notice) => deps.notify.show(notice),
    },
  })
}
