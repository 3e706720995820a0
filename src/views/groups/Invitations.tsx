import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectChangingGroupId, selectInvitations } from '~/machines/groups.machine'
import { useClient } from '~/views/client-context'
import { Button, Heading } from '~/views/ui'
import { JoinableGroup } from './JoinableGroup'

/** Groups an admin added the player to, each to join or decline; nothing while there are none. */
export function Invitations() {
  const client = useClient()
  const groups = useSelector(client.groups, (snapshot) => selectInvitations(snapshot.context))
  const changingId = useSelector(client.groups, (snapshot) => selectChangingGroupId(snapshot.context))
  if (groups.length === 0) return null
  return (
    <styled.section aria-labelledby="invitations-title" display="flex" flexDirection="column" gap="3">
      <Heading as="h2" size="lg" id="invitations-title">
        Invitations
      </Heading>
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
    </styled.section>
  )
}
