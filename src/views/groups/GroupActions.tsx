import { useState } from 'react'
import { styled } from 'styled-system/jsx'
import type { Group } from '~/api/groups'
import { canAdminister, canLeave } from '~/domain/group-rules'
import { canInviteToGroup } from '~/domain/invitations'
import { useClient } from '~/views/client-context'
import { InvitationsDialog } from '~/views/invitations/InvitationsDialog'
import { useClock } from '~/views/polls/use-clock'
import { Button } from '~/views/ui'
import { ConfirmGroupDialog } from './ConfirmGroupDialog'
import { GroupFormDialog } from './GroupFormDialog'
import { MembersDialog } from './MembersDialog'

type OpenDialog = 'edit' | 'members' | 'invite' | 'delete' | 'leave' | undefined

export interface GroupActionsProps {
  readonly group: Group
  readonly active: boolean
  /** a change of some group is on its way: no second one until it is done */
  readonly busy: boolean
}

/**
 * What a player can do with one of their groups: switch to it, invite friends into it (as canInviteToGroup
 * allows), and (as admin) change, members, delete.
 */
export function GroupActions({ group, active, busy }: GroupActionsProps) {
  const client = useClient()
  const [dialog, setDialog] = useState<OpenDialog>()
  const ref = { id: group.id, name: group.name }
  const close = (open: boolean) => !open && setDialog(undefined)
  const admin = canAdminister(group)
  const mayInvite = canInviteToGroup(group, useClock())
  return (
    <styled.div display="flex" gap="2" flexWrap="wrap">
      {!active && group.memberStatus === 'active' && (
        <Button
          size="sm"
          disabled={busy}
          aria-label={`Switch to ${group.name}`}
          onClick={() => client.selectGroup(ref)}
        >
          Switch
        </Button>
      )}
      {group.memberStatus === 'invited' && (
        <Button
          size="sm"
          disabled={busy}
          aria-label={`Join ${group.name}`}
          onClick={() => client.joinGroup(ref)}
        >
          Join
        </Button>
      )}
      {admin && (
        <>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Change ${group.name}`}
            onClick={() => setDialog('edit')}
          >
            Change
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Members of ${group.name}`}
            onClick={() => setDialog('members')}
          >
            Members
          </Button>
        </>
      )}
      {mayInvite && (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Invite friends to ${group.name}`}
          onClick={() => setDialog('invite')}
        >
          Invite
        </Button>
      )}
      {canLeave(group) && (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          aria-label={`Leave ${group.name}`}
          onClick={() => setDialog('leave')}
        >
          Leave
        </Button>
      )}
      {admin && (
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          disabled={busy}
          aria-label={`Delete ${group.name}`}
          onClick={() => setDialog('delete')}
        >
          Delete
        </Button>
      )}
      <GroupFormDialog group={group} open={dialog === 'edit'} onOpenChange={close} />
      <MembersDialog group={ref} open={dialog === 'members'} onOpenChange={close} />
      <InvitationsDialog group={ref} open={dialog === 'invite'} onOpenChange={close} />
      <ConfirmGroupDialog
        title={`Delete ${group.name}?`}
        description="The group, its members and its rankings are removed for everyone. This cannot be undone."
        keepLabel="Keep the group"
        confirmLabel="Delete group"
        open={dialog === 'delete'}
        onOpenChange={close}
        onConfirm={() => client.deleteGroup(ref)}
      />
      <ConfirmGroupDialog
        title={`Leave ${group.name}?`}
        description={
          group.publicGroup
            ? 'You can join it again from the public groups.'
            : 'It is private: only an admin of it can add you again.'
        }
        keepLabel="Stay in the group"
        confirmLabel="Leave group"
        open={dialog === 'leave'}
        onOpenChange={close}
        onConfirm={() => client.leaveGroup(ref)}
      />
    </styled.div>
  )
}
