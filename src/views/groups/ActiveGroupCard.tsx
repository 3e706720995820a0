import { useSelector } from '@xstate/react'
import { everybodyGroupId } from '~/domain/group-rules'
import { selectActiveGroupOrNone } from '~/machines/groups.machine'
import { useClient } from '~/views/client-context'
import { Card, Skeleton, Text } from '~/views/ui'
import { ActiveGroupMembers } from './ActiveGroupMembers'
import { GroupSummary } from './GroupSummary'

/**
 * The group the player plays in, with its avatar and members. Group 1000 holds every player, so its
 * member list is not shown.
 */
export function ActiveGroupCard() {
  const client = useClient()
  const group = useSelector(client.groups, (snapshot) => selectActiveGroupOrNone(snapshot.context))
  return (
    <Card.Root role="region" aria-labelledby="active-group-title">
      <Card.Header>
        <Card.Title id="active-group-title">Active group</Card.Title>
        <Card.Description>Your polls, predictions, stream and ranking count here.</Card.Description>
      </Card.Header>
      <Card.Body display="flex" flexDirection="column" gap="4" aria-live="polite">
        {!group ? (
          <Skeleton h="12" />
        ) : (
          <>
            <GroupSummary group={group} active />
            {group.id === everybodyGroupId ? (
              <Text color="fg.muted" textStyle="sm">
                Every player is in this group.
              </Text>
            ) : (
              <ActiveGroupMembers
                key={group.id}
                group={{ id: group.id, name: group.name }}
                listsRead={group}
              />
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
