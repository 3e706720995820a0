import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideInvitations } from '~/actors/invitations.actors'
import {
  invitationsMachine,
  selectCreatedInvitation,
  selectCreatingInvitation,
  selectInvitationError,
  selectInvitationLimits,
  selectInvitations,
  selectInvitationsLeft,
  selectInvitationsLoadFailed,
  selectInvitationsLoading,
  selectLinkCopied,
  selectWithdrawing,
} from '~/machines/invitations.machine'
import { invitationTexts } from '~/machines/invitations.types'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Button, Dialog, DialogCloseButton, Portal, Skeleton, Text } from '~/views/ui'
import { InvitationRow } from './InvitationRow'
import { invitationsLeftText } from './invitation-texts'
import { NewInvitationLink } from './NewInvitationLink'

/** The dialog's actor lives while it is open. */
function InvitationsPanel({ groupId }: { readonly groupId?: number }) {
  const client = useClient()
  const logic = useMemo(() => provideInvitations(invitationsMachine, client.effects), [client])
  const actor = useActorRef(logic, { input: groupId === undefined ? {} : { groupId } })
  const invitations = useSelector(actor, selectInvitations)
  const limits = useSelector(actor, selectInvitationLimits)
  const left = useSelector(actor, selectInvitationsLeft)
  const created = useSelector(actor, selectCreatedInvitation)
  const error = useSelector(actor, selectInvitationError)
  const copied = useSelector(actor, selectLinkCopied)
  const loading = useSelector(actor, selectInvitationsLoading)
  const loadFailed = useSelector(actor, selectInvitationsLoadFailed)
  const creating = useSelector(actor, selectCreatingInvitation)
  const withdrawing = useSelector(actor, selectWithdrawing)

  if (loadFailed)
    return (
      <ListLoadFailure
        text={invitationTexts.loadFailed}
        onRetry={() => actor.send({ type: 'invitations.retry' })}
      />
    )
  if (loading) return <Skeleton h="24" />
  const busy = creating || withdrawing !== undefined
  return (
    <styled.div display="flex" flexDirection="column" gap="4">
      {limits && left !== undefined && (
        <Text size="sm" color="fg.muted">
          {invitationsLeftText(left, limits.lifetimeDays)}
        </Text>
      )}
      <Button
        type="button"
        alignSelf="flex-start"
        disabled={busy || left === 0}
        aria-busy={creating}
        onClick={() => actor.send({ type: 'invitations.create' })}
      >
        Create link
      </Button>
      {error && (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      )}
      {created && (
        <NewInvitationLink
          invitation={created}
          copied={copied === created.code}
          onCopy={() => actor.send({ type: 'invitations.copy', code: created.code })}
        />
      )}
      {invitations.length > 0 && (
        <section aria-label="Your invitations">
          <styled.ul listStyle="none" m="0" p="0">
            {invitations.map((invitation) => (
              <InvitationRow
                key={invitation.code}
                invitation={invitation}
                withdrawing={withdrawing === invitation.code}
                // the link just made says so beside its own field
                copied={copied === invitation.code && invitation.code !== created?.code}
                busy={busy}
                onCopy={(code) => actor.send({ type: 'invitations.copy', code })}
                onWithdraw={(code) => actor.send({ type: 'invitations.withdraw', code })}
              />
            ))}
          </styled.ul>
        </section>
      )}
    </styled.div>
  )
}

export interface InvitationsDialogProps {
  /** a group the friend joins with the new link; none: the game only */
  readonly group?: { readonly id: number; readonly name: string }
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
}

/** 'Invite friends': make a single-use sign-up link, copy any open one, see who joined, withdraw open links. */
export function InvitationsDialog({ group, open, onOpenChange }: InvitationsDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            p={{ base: '4', sm: '6' }}
            w="full"
            maxW="lg"
            mx="3"
            display="flex"
            flexDirection="column"
            gap="4"
          >
            <Dialog.Title pr="8">{group ? `Invite friends to ${group.name}` : 'Invite friends'}</Dialog.Title>
            <Dialog.Description>
              {group
                ? `A link made here lets one friend sign up and join ${group.name}.`
                : 'Each link lets one friend sign up.'}
            </Dialog.Description>
            <InvitationsPanel groupId={group?.id} />
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
