import { styled } from 'styled-system/jsx'
import { ActivityStream } from '~/views/activity/ActivityStream'
import { BetOverview } from '~/views/activity/BetOverview'
import { GroupTile } from '~/views/groups/GroupTile'
import { PollsPanel } from '~/views/polls/PollsPanel'
import { PushOffer } from '~/views/push/PushOffer'
import { LiveRankingPanel } from '~/views/rankings/LiveRankingPanel'
import { RecentChampions } from '~/views/rankings/RecentChampions'
import { LatestMessagesPanel } from '~/views/stream/LatestMessagesPanel'
import { PredictionSummary } from '~/views/stream/predictions/PredictionSummary'
import { Heading } from '~/views/ui'

/** A column of panels that share one grid cell. */
const Stack = styled('div', { base: { display: 'flex', flexDirection: 'column', gap: '4', minW: '0' } })

/**
 * Spec §2 "/": polls, messages, groups, live ranking, the player's predictions and bets (the bet
 * overview) and the activity stream; and, while this browser may ask, the offer to allow notifications.
 * One column on phones, two from 1024 px, three from 1440 px; every panel reads the client itself.
 * Panels sit in column stacks rather than grid rows, so a short panel leaves no hole beside a tall one.
 */
export function Dashboard() {
  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <Heading as="h1" size="2xl">
        Dashboard
      </Heading>
      {/* above the panels: on a phone, the one place a player sees without scrolling */}
      <PushOffer />
      <styled.div
        display="grid"
        gridTemplateColumns={{
          base: '1fr',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        }}
        gridTemplateRows={{ md: 'auto 1fr', lg: 'auto' }}
        gap="4"
        alignItems="start"
      >
        <Stack gridColumn={{ md: '1' }} gridRow={{ md: '1' }}>
          {/* the panel shows the countdown to the next poll itself while none is open */}
          <PollsPanel />
          <PredictionSummary />
          <BetOverview />
        </Stack>
        <Stack gridColumn={{ md: '2' }} gridRow={{ md: '1 / span 2', lg: '1' }}>
          <LatestMessagesPanel />
          <ActivityStream />
        </Stack>
        <Stack gridColumn={{ md: '1', lg: '3' }} gridRow={{ md: '2', lg: '1' }}>
          <GroupTile />
          <LiveRankingPanel />
          <RecentChampions />
        </Stack>
      </styled.div>
    </styled.div>
  )
}
