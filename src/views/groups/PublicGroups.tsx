import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectChangingGroupId, selectGroupListsStatus, selectPublicGroups } from '~/machines/groups.machine'
import { listLoadTexts } from '~/machines/list-load-texts'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Heading, Skeleton, Text } from '~/views/ui'
import { JoinableGroup } from './JoinableGroup'

/** Public groups the player is not in, most members first, each to join. */
export function PublicGroups() {
  const client = useClient()
  const groups = useSelector(client.groups, (snapshot) => selectPublicGroups(snapshot.context))
  const status = useSelector(client.groups, (snapshot) => selectGroupListsStatus(snapshot, 'publicGroups'))
  const changingId = useSelector(client.groups, (snapshot) => selectChangingGroupId(snapshot.context))
  return (
    <styled.section aria-labelledby="public-groups-title" display="flex" flexDirection="column" gap="3">
      <Heading as="h2" size="lg" id="public-groups-title">
        Public groups
      </Heading>
      <LoadedList
        status={status}
        failureText={listLoadTexts.publicGroups}
        onRetry={() => client.groups.send({ type: 'groups.retry' })}
      >
        {status === 'loading' ? (
          <Skeleton h="16" />
        ) : groups.length === 0 ? (
          <Text color="fg.muted">No other public groups right now. Create one and invite your friends.</Text>
        ) : (
          <styled.ul listStyle="none" display="flex" flexDirection="column" gap="3">
            {groups.map((group) => (
              <JoinableGroup
                key={group.id}
                group={group}
                busy={changingId !== undefined}
                joinVariant="outline"
              />
            ))}
          </styled.ul>
        )}
      </LoadedList>
    </styled.section>
  )
}
