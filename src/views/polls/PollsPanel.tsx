import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { Link as RouterLink } from 'wouter'
import { listLoadTexts } from '~/machines/list-load-texts'
import { selectPolls } from '~/machines/polls.machine'
import { selectPollsLoadStatus } from '~/machines/polls-view.select'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Heading, Link } from '~/views/ui'
import { PollList } from './PollList'
import { PollsSkeleton } from './PollsSkeleton'
import { UpcomingPollCountdown } from './UpcomingPollCountdown'

/** The dashboard's polls: the open ones in short cards, or the countdown to the next poll. */
export function PollsPanel() {
  const client = useClient()
  const polls = useSelector(client.store('polls'), (snapshot) => selectPolls(snapshot.context, 'open'))
  const status = useSelector(client.store('polls'), selectPollsLoadStatus)
  return (
    <styled.section aria-labelledby="polls-panel-heading" display="grid" gap="3">
      <styled.div display="flex" alignItems="baseline" justifyContent="space-between" gap="3">
        <Heading as="h2" id="polls-panel-heading" textStyle="xl">
          Open polls
        </Heading>
        <Link asChild textStyle="sm">
          <RouterLink href="/polls">All polls</RouterLink>
        </Link>
      </styled.div>
      <LoadedList
        status={status}
        failureText={listLoadTexts.polls}
        onRetry={() => client.store('polls').send({ type: 'store.retry' })}
      >
        {status === 'loading' ? (
          <PollsSkeleton cards={1} />
        ) : polls.length > 0 ? (
          <PollList polls={polls} label="Open polls" compact />
        ) : (
          <UpcomingPollCountdown />
        )}
      </LoadedList>
    </styled.section>
  )
}
