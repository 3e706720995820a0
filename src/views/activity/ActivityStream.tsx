import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectActivityGroups, selectActivityLoadStatus } from '~/machines/activity.machine'
import { listLoadTexts } from '~/machines/list-load-texts'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Card, Skeleton, Text } from '~/views/ui'
import { ActivityGroupItem } from './ActivityGroupItem'

/**
 * Spec §3 "Activity stream", §9: what happens in the active group, newest first, same-type elements
 * within an hour merged, at most 20 groups (the store groups them).
 */
export function ActivityStream() {
  const client = useClient()
  const store = client.store('activityStream')
  const groups = useSelector(store, (snapshot) => selectActivityGroups(snapshot.context))
  const status = useSelector(store, selectActivityLoadStatus)
  return (
    <Card.Root role="region" aria-labelledby="activity-stream-title">
      <Card.Header>
        <Card.Title id="activity-stream-title">Activity stream</Card.Title>
      </Card.Header>
      <Card.Body aria-busy={status === 'loading'} display="flex" flexDirection="column" gap="3">
        <LoadedList
          status={status}
          failureText={listLoadTexts.activity}
          onRetry={() => store.send({ type: 'store.retry' })}
        >
          {status === 'loading' ? (
            <styled.div display="flex" flexDirection="column" gap="3">
              {[1, 2, 3].map((key) => (
                <Skeleton key={key} h="10" />
              ))}
            </styled.div>
          ) : groups.length === 0 ? (
            <Text color="fg.muted">
              No activity in your group yet. Tag a message or bet on a poll to start it.
            </Text>
          ) : (
            <styled.ol listStyle="none" aria-live="polite" aria-label="Activity">
              {groups.map((group) => (
                <ActivityGroupItem key={`${group.type}-${group.timestamp}`} group={group} />
              ))}
            </styled.ol>
          )}
        </LoadedList>
      </Card.Body>
    </Card.Root>
  )
}
