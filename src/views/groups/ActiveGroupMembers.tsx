import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
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

/**
 * The members of a group, read only (the members dialog edits them). Mount it with `key={group.id}`.
 * `listsRead` is the group as the last read of the group lists gave it: a new one (every refresh, every
 * push) has the members read again, so the rows agree with the member count the summary shows.
 */
export function ActiveGroupMembers({
  group,
  listsRead,
}: {
  readonly group: GroupRef
  readonly listsRead: unknown
}) {
  const client = useClient()
  const members = useActorRef(
    provideGroupMembers(groupMembersMachine, { ...client.effects, setGroupMembers: client.setGroupMembers }),
    { input: { group } },
  )
  const firstRead = useRef(listsRead)
  useEffect(() => {
    if (listsRead !== firstRead.current) members.send({ type: 'members.reload' })
  }, [listsRead, members])
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
