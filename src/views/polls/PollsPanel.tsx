import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { Link as RouterLink } from 'wouter'
import { selectPolls } from '~/machines/polls.machine'
import { selectPollsFirstLoad } from '~/machines/polls-view.select'
import { useClient } from '~/views/client-context'
import { Heading, Link } from '~/views/ui'
import { PollList } from './PollList'
import { PollsSkeleton } from './PollsSkeleton'
import { UpcomingPollCountdown } from './UpcomingPollCountdown'

/** The dashboard's polls: the open ones in short cards, or the countdown to the next poll. */
export function PollsPanel() {
  const client = useClient()
  const polls = useSelector(client.store('polls'), (snapshot) => selectPolls(snapshot.context, 'open'))
  const firstLoad = useSelector(client.store('polls'), selectPollsFirstLoad)
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
      {firstLoad ? (
        <PollsSkeleton cards={1} />
      ) : polls.length > 0 ? (
        <PollList polls={polls} label="Open polls" compact />
      ) : (
        <UpcomingPollCountdown />
      )}
    </styled.section>
  )
}
