import { useActorRef, useSelector } from '@xstate/react'
import { provideGroupMembers } from '~/actors/group-members.actors'
import {
  groupMembersMachine,
  selectMembers,
  selectMembersLoadFailed,
  selectMembersLoading,
} from '~/machines/group-members.machine'
import { groupMemberTexts } from '~/machines/group-members.types'
import type { GroupRef } from '~/machines/groups.types'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Skeleton } from '~/views/ui'
import { MemberRows } from './MemberRows'

/** The members of a group, read only (the members dialog edits them). Mount it with `key={group.id}`. */
export function ActiveGroupMembers({ group }: { readonly group: GroupRef }) {
  const client = useClient()
  const members = useActorRef(
    provideGroupMembers(groupMembersMachine, { ...client.effects, setGroupMembers: client.setGroupMembers }),
    { input: { group } },
  )
  const list = useSelector(members, selectMembers)
  const loading = useSelector(members, selectMembersLoading)
  const failed = useSelector(members, selectMembersLoadFailed)
  if (failed)
    return (
      <ListLoadFailure
        text={groupMemberTexts.loadFailed}
        onRetry={() => members.send({ type: 'members.retry' })}
      />
    )
  if (loading) return <Skeleton h="12" />
  return <MemberRows members={list} />
}
