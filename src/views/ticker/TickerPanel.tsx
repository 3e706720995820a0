import { useActorRef } from '@xstate/react'
import { provideTitleOverview } from '~/actors/title-data.actors'
import { titleOverviewMachine } from '~/machines/title-data.machine'
import { useClient } from '~/views/client-context'
import { TabLabel, Tabs } from '~/views/ui'
import { AboutTab } from './AboutTab'
import { ChartsTab } from './ChartsTab'
import { FundamentalsTab } from './FundamentalsTab'
import { TweetGameTab } from './TweetGameTab'

const tabs = [
  ['about', 'About'],
  ['fundamentals', 'Fundamentals'],
  ['tweetgame', 'TweetGame'],
  ['charts', 'Charts'],
] as const

/**
 * Spec §2 "live stream per ticker with tabs About, Fundamentals, TweetGame, Charts". About and
 * Fundamentals share one load of the title's overview, started with the panel; the chart loads when
 * its tab is first shown.
 */
export function TickerPanel({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const overview = useActorRef(provideTitleOverview(titleOverviewMachine, client.effects), {
    input: { titleId },
  })
  return (
    <Tabs.Root defaultValue="about" lazyMount size="sm">
      {/* narrower triggers on phones: the four tabs fit a 390 px screen instead of hiding the last */}
      <Tabs.List aria-label="Ticker details" overflowX="auto" gap={{ base: '0', sm: '4' }}>
        {tabs.map(([value, label]) => (
          <Tabs.Trigger key={value} value={value} px={{ base: '2', sm: '3' }}>
            <TabLabel>{label}</TabLabel>
          </Tabs.Trigger>
        ))}
        <Tabs.Indicator />
      </Tabs.List>
      <Tabs.Content value="about">
        <AboutTab titleId={titleId} overview={overview} />
      </Tabs.Content>
      <Tabs.Content value="fundamentals">
        <FundamentalsTab overview={overview} />
      </Tabs.Content>
      <Tabs.Content value="tweetgame">
        <TweetGameTab titleId={titleId} />
      </Tabs.Content>
      <Tabs.Content value="charts">
        <ChartsTab titleId={titleId} />
      </Tabs.Content>
    </Tabs.Root>
  )
}
