import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectChangingGroupId, selectInvitations } from '~/machines/groups.machine'
import { useClient } from '~/views/client-context'
import { Button, Heading } from '~/views/ui'
import { GroupSummary } from './GroupSummary'

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
        {groups.map((group) => {
          const ref = { id: group.id, name: group.name }
          return (
            <styled.li
              key={group.id}
              display="flex"
              alignItems="center"
              gap="3"
              flexWrap="wrap"
              aria-busy={changingId === group.id}
            >
              <GroupSummary group={group} />
              <styled.div display="flex" gap="2">
                <Button
                  size="sm"
                  disabled={changingId !== undefined}
                  aria-label={`Join ${group.name}`}
                  onClick={() => client.joinGroup(ref)}
                >
                  Join
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={changingId !== undefined}
                  aria-label={`Decline ${group.name}`}
                  onClick={() => client.leaveGroup(ref)}
                >
                  Decline
                </Button>
              </styled.div>
            </styled.li>
          )
        })}
      </styled.ul>
    </styled.section>
  )
}
