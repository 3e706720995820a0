import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectChangingGroupId, selectGroupListsStatus, selectInvitations } from '~/machines/groups.machine'
import { listLoadTexts } from '~/machines/list-load-texts'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Button, Heading } from '~/views/ui'
import { JoinableGroup } from './JoinableGroup'

/**
 * Groups an admin added the player to, each to join or decline; nothing while there are none or they
 * load, but a failed load shows (invitations there may be, unseen).
 */
export function Invitations() {
  const client = useClient()
  const groups = useSelector(client.groups, (snapshot) => selectInvitations(snapshot.context))
  const changingId = useSelector(client.groups, (snapshot) => selectChangingGroupId(snapshot.context))
  const status = useSelector(client.groups, (snapshot) => selectGroupListsStatus(snapshot, 'invitations'))
  if (status === 'loading' || status === 'empty') return null
  return (
    <styled.section aria-labelledby="invitations-title" display="flex" flexDirection="column" gap="3">
      <Heading as="h2" size="lg" id="invitations-title">
        Invitations
      </Heading>
      <LoadedList
        status={status}
        failureText={listLoadTexts.invitations}
        onRetry={() => client.groups.send({ type: 'groups.retry' })}
      >
        <styled.ul listStyle="none" display="flex" flexDirection="column" gap="3" aria-live="polite">
          {groups.map((group) => (
            <JoinableGroup
              key={group.id}
              group={group}
              busy={changingId !== undefined}
              changing={changingId === group.id}
            >
              <Button
                size="sm"
                variant="ghost"
                disabled={changingId !== undefined}
                aria-label={`Decline ${group.name}`}
                onClick={() => client.leaveGroup({ id: group.id, name: group.name })}
              >
                Decline
              </Button>
            </JoinableGroup>
          ))}
        </styled.ul>
      </LoadedList>
    </styled.section>
  )
}
