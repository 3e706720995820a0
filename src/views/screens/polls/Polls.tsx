import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { useLocation, useParams } from 'wouter'
import type { PollsTab } from '~/domain/poll-view'
import { listLoadTexts } from '~/machines/list-load-texts'
import { selectHasOpenPoll } from '~/machines/polls.machine'
import { selectPollsLoadStatus, selectPollsOfTab } from '~/machines/polls-view.select'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { PollList } from '~/views/polls/PollList'
import { PollsSkeleton } from '~/views/polls/PollsSkeleton'
import { UpcomingPollCountdown } from '~/views/polls/UpcomingPollCountdown'
import { Heading, Tabs, Text } from '~/views/ui'

/** The tab in the address: /polls is Running, /polls/finished is Finished. */
const tabPaths: Record<PollsTab, string> = { running: '/polls', finished: '/polls/finished' }

const emptyTexts: Record<PollsTab, string> = {
  running: 'No poll is running right now.',
  finished: 'No finished polls yet.',
}

function TabPolls({ tab }: { readonly tab: PollsTab }) {
  const client = useClient()
  const polls = useSelector(client.store('polls'), (snapshot) => selectPollsOfTab(snapshot.context, tab))
  const status = useSelector(client.store('polls'), selectPollsLoadStatus)
  const hasOpenPoll = useSelector(client.store('polls'), (snapshot) => selectHasOpenPoll(snapshot.context))
  return (
    <LoadedList
      status={status}
      failureText={listLoadTexts.polls}
      onRetry={() => client.store('polls').send({ type: 'store.retry' })}
    >
      {status === 'loading' ? (
        <PollsSkeleton />
      ) : (
        <styled.div display="grid" gap="6">
          {tab === 'running' && !hasOpenPoll && <UpcomingPollCountdown headingLevel="h2" />}
          {polls.length > 0 ? (
            <PollList polls={polls} label={tab === 'running' ? 'Running polls' : 'Finished polls'} />
          ) : (
            <Text color="fg.muted">{emptyTexts[tab]}</Text>
          )}
        </styled.div>
      )}
    </LoadedList>
  )
}

/** Spec §2 /polls and /polls/{tab}: the running polls, and the finished ones on the tab variant. */
export function Polls() {
  const params = useParams<{ tab?: string }>()
  const [, navigate] = useLocation()
  const tab: PollsTab = params.tab === 'finished' ? 'finished' : 'running'
  return (
    <styled.div display="grid" gap="6">
      <Heading as="h1" textStyle="3xl">
        Polls
      </Heading>
      <Tabs.Root
        lazyMount
        unmountOnExit
        value={tab}
        onValueChange={(details) => navigate(tabPaths[details.value as PollsTab])}
      >
        <Tabs.List aria-label="Polls">
          <Tabs.Trigger value="running">Running</Tabs.Trigger>
          <Tabs.Trigger value="finished">Finished</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="running" pt="6">
          <TabPolls tab="running" />
        </Tabs.Content>
        <Tabs.Content value="finished" pt="6">
          <TabPolls tab="finished" />
        </Tabs.Content>
      </Tabs.Root>
    </styled.div>
  )
}
