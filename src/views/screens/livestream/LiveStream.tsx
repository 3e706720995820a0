import { styled } from 'styled-system/jsx'
import { useLocation, useRoute } from 'wouter'
import { LiveTweetPanel } from '~/views/stream/LiveTweetPanel'
import { YourPredictionsPanel } from '~/views/stream/predictions/YourPredictionsPanel'
import { Heading, Tabs } from '~/views/ui'

type Tab = 'live' | 'predictions'

/** The tab lives in the URL (spec §2): /livestream is 'Live Tweet', /livestream/predictions the other. */
const pathOf: Record<Tab, string> = { live: '/livestream', predictions: '/livestream/predictions' }

/** Spec §2 /livestream and /livestream/{tab}: the live stream and the player's predictions. */
export function LiveStream() {
  const [, params] = useRoute('/livestream/:tab')
  const [, navigate] = useLocation()
  const tab: Tab = params?.tab === 'predictions' ? 'predictions' : 'live'
  return (
    <styled.div display="flex" flexDirection="column" gap="4">
      <Heading as="h1" size="2xl">
        Live stream
      </Heading>
      <Tabs.Root
        value={tab}
        onValueChange={({ value }) => navigate(pathOf[value === 'predictions' ? 'predictions' : 'live'])}
        lazyMount
        unmountOnExit
      >
        <Tabs.List aria-label="Live stream">
          <Tabs.Trigger value="live">Live Tweet</Tabs.Trigger>
          <Tabs.Trigger value="predictions">Your Predictions</Tabs.Trigger>
          <Tabs.Indicator />
        </Tabs.List>
        <Tabs.Content value="live">
          <LiveTweetPanel />
        </Tabs.Content>
        <Tabs.Content value="predictions">
          <YourPredictionsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </styled.div>
  )
}
