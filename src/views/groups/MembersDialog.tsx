import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { styled } from 'styled-system/jsx'
import { provideGroupMembers } from '~/actors/group-members.actors'
import { groupTexts } from '~/api/groups'
import {
  groupMembersMachine,
  selectMembers,
  selectMembersLoadFailed,
  selectMembersLoading,
  selectMembersSubmitted,
  selectNeedsAdmin,
} from '~/machines/group-members.machine'
import { groupMemberTexts } from '~/machines/group-members.types'
import type { GroupRef } from '~/machines/groups.types'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Button, Dialog, DialogCloseButton, Portal, Skeleton, Text } from '~/views/ui'
import { MemberRows } from './MemberRows'
import { MemberSearch } from './MemberSearch'

/** The dialog's actor lives while it is open. */
function MembersEditor({ group, onDone }: { readonly group: GroupRef; readonly onDone: () => void }) {
  const client = useClient()
  const members = useActorRef(
    provideGroupMembers(groupMembersMachine, { ...client.effects, setGroupMembers: client.setGroupMembers }),
    { input: { group } },
  )
  const list = useSelector(members, selectMembers)
  const loading = useSelector(members, selectMembersLoading)
  const loadFailed = useSelector(members, selectMembersLoadFailed)
  const needsAdmin = useSelector(members, selectNeedsAdmin)
  const submitted = useSelector(members, selectMembersSubmitted)
  useEffect(() => {
    if (submitted) onDone()
  }, [submitted, onDone])

  if (loadFailed)
    return (
      <ListLoadFailure
        text={groupMemberTexts.loadFailed}
        onRetry={() => members.send({ type: 'members.retry' })}
      />
    )
  if (loading) return <Skeleton h="24" />
  return (
    <styled.div display="flex" flexDirection="column" gap="4">
      <MemberRows
        members={list}
        onToggleAdmin={(userId) => members.send({ type: 'members.toggleAdmin', userId })}
        onRemove={(userId) => members.send({ type: 'members.remove', userId })}
      />
      <MemberSearch members={members} />
      {needsAdmin && (
        <Text role="alert" color="fg.error">
          {groupTexts.needsAdmin}
        </Text>
      )}
      <styled.div display="flex" justifyContent="flex-end" gap="3">
        <Dialog.CloseTrigger asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </Dialog.CloseTrigger>
        <Button type="button" onClick={() => members.send({ type: 'members.save' })}>
          Save members
        </Button>
      </styled.div>
    </styled.div>
  )
}

export interface MembersDialogProps {
  readonly group: GroupRef
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
}

/** Spec §2 "members and admins dialog": list, toggle admins, add by name, remove; an admin must stay. */
export function MembersDialog({ group, open, onOpenChange }: MembersDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p="6" w="full" maxW="lg" display="flex" flexDirection="column" gap="4">
            <Dialog.Title pr="8">Members and admins of {group.name}</Dialog.Title>
            <MembersEditor group={group} onDone={() => onOpenChange(false)} />
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
