import { fromPromise } from 'xstate'
import type { GroupMembersMachine } from '../machines/group-members.machine'
import type { FoundUser, MemberRow, MembersSubmission } from '../machines/group-members.types'
import { afterAction } from './after-action'
import { gameCallFor } from './game-api'
import type { ServerErrorPolicyDeps } from './server-error.actors'

export interface GroupMembersDeps extends ServerErrorPolicyDeps {
  /** the client's intent that sends the list (`client.setGroupMembers`) */
  readonly setGroupMembers: (group: MembersSubmission['group'], members: MembersSubmission['members']) => void
}

/** The members dialog's effects: `GET .../members`, `GET /v1/users?name=`, and the groups actor's save. */
export function provideGroupMembers(machine: GroupMembersMachine, deps: GroupMembersDeps) {
  const call = gameCallFor(deps)
  return machine.provide({
    actors: {
      loadMembers: fromPromise<readonly MemberRow[], { readonly groupId: number }>(
        async ({ input, signal }) =>
          (await call('groupMembers', { params: { groupId: input.groupId }, signal })).map(
            ({ userId, username, isAdmin, status }) => ({ userId, username, isAdmin, status }),
          ),
      ),
      searchUsers: fromPromise<readonly FoundUser[], { readonly name: string }>(async ({ input, signal }) =>
        (await call('searchUsers', { query: { name: input.name }, signal })).map(({ id, username }) => ({
          id,
          username,
        })),
      ),
    },
    actions: {
      submitMembers: (_, { group, members }) => afterAction(() => deps.setGroupMembers(group, members)),
    },
  })
}
