import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import {
  selectActiveGroupId,
  selectChangingGroupId,
  selectGroupListsStatus,
  selectGroups,
} from '~/machines/groups.machine'
import { listLoadTexts } from '~/machines/list-load-texts'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Heading, Skeleton } from '~/views/ui'
import { GroupActions } from './GroupActions'
import { GroupSummary } from './GroupSummary'

/** The player's groups, the active one marked, each with what the player may do with it. */
export function MyGroups() {
  const client = useClient()
  const groups = useSelector(client.groups, (snapshot) => selectGroups(snapshot.context))
  const status = useSelector(client.groups, (snapshot) => selectGroupListsStatus(snapshot, 'groups'))
  const activeId = useSelector(client.groups, (snapshot) => selectActiveGroupId(snapshot.context))
  const changingId = useSelector(client.groups, (snapshot) => selectChangingGroupId(snapshot.context))
  return (
    <styled.section aria-labelledby="my-groups-title" display="flex" flexDirection="column" gap="3">
      <Heading as="h2" size="lg" id="my-groups-title">
        Your groups
      </Heading>
      <LoadedList
        status={status}
        failureText={listLoadTexts.groups}
        onRetry={() => client.groups.send({ type: 'groups.retry' })}
      >
        {status === 'loading' ? (
          <Skeleton h="16" />
        ) : (
          <styled.ul listStyle="none" display="flex" flexDirection="column" gap="3" aria-live="polite">
            {groups.map((group) => (
              <styled.li
                key={group.id}
                display="flex"
                flexWrap="wrap"
                alignItems="center"
                gap="3"
                p="3"
                borderWidth="1px"
                borderColor="border.subtle"
                borderRadius="l2"
                aria-busy={changingId === group.id}
              >
                <GroupSummary group={group} active={group.id === activeId} withActions />
                <GroupActions group={group} active={group.id === activeId} busy={changingId !== undefined} />
              </styled.li>
            ))}
          </styled.ul>
        )}
      </LoadedList>
    </styled.section>
  )
}
