import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { Stack } from 'styled-system/jsx'
import { Link as RouterLink, useLocation, useParams } from 'wouter'
import { periodOfTab, type RankingTab, rankingTabOf, rankingTabs } from '~/domain/ranking-tabs'
import { selectActiveGroupId, selectActiveGroupOrNone } from '~/machines/groups.machine'
import { selectLiveRanking, selectLiveRankingLoadStatus } from '~/machines/live-ranking.machine'
import { rankingTexts } from '~/machines/ranking.types'
import { selectUser } from '~/machines/session.select'
import { BankLine } from '~/views/bank/BankLine'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { PeriodRanking } from '~/views/rankings/PeriodRanking'
import { RankingTable } from '~/views/rankings/RankingTable'
import { RecentChampions } from '~/views/rankings/RecentChampions'
import { Heading, Link, Switch, TabLabel, Tabs, Text } from '~/views/ui'

const tabLabels: Record<RankingTab, string> = {
  realtime: 'Real-time',
  this_week: 'This week',
  last_week: 'Last week',
  all_time: 'All-time',
}

/** What each tab measures: points are the TTC won in the period, accuracy the share of judged calls that were right. */
const tabDescriptions: Record<RankingTab, string> = {
  realtime: "This week's points as they happen: refreshed every 10 seconds while you watch.",
  this_week: 'Points won since Monday 00:00, as of when you opened this tab.',
  last_week: "Last week's final standings: its top three won the trophies.",
  all_time: 'Every point won since the group began.',
}

/** `/rankings` is the real-time tab; the others have their own path so they can be linked to. */
const pathOf = (tab: RankingTab) => (tab === 'realtime' ? '/rankings' : `/rankings/${tab}`)

/** Spec §2 /rankings and /rankings/{tab}: the live ranking and the periods of the active group. */
export function Rankings() {
  const client = useClient()
  const params = useParams<{ tab?: string }>()
  const [, navigate] = useLocation()
  const tab = rankingTabOf(params.tab)
  const userId = useSelector(client.session, (snapshot) => selectUser(snapshot).id)
  const groupId = useSelector(client.groups, (snapshot) => selectActiveGroupId(snapshot.context))
  const groupName = useSelector(client.groups, (snapshot) => selectActiveGroupOrNone(snapshot.context)?.name)
  const liveStore = client.store('liveRanking')
  const liveRows = useSelector(liveStore, (snapshot) => selectLiveRanking(snapshot.context))
  const liveStatus = useSelector(liveStore, selectLiveRankingLoadStatus)
  const period = periodOfTab(tab)
  // a view's own display choice, like an open tab: nothing else reads it
  const [showSkill, setShowSkill] = useState(false)

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Rankings
        </Heading>
        <Text color="fg.muted">{groupName ? `Group: ${groupName}` : 'Your active group'}</Text>
      </Stack>
      <Switch.Root checked={showSkill} onCheckedChange={({ checked }) => setShowSkill(checked)} size="sm">
        <Switch.HiddenInput role="switch" />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Show skill (hit rate, and "skill" when it is not luck)</Switch.Label>
      </Switch.Root>
      <Text textStyle="sm">
        Who to trust in the stream?{' '}
        <Link asChild>
          <RouterLink href="/authors">Authors by signal score</RouterLink>
        </Link>
      </Text>
      <Tabs.Root
        value={tab}
        onValueChange={({ value }) => navigate(pathOf(value as RankingTab))}
        lazyMount
        size="sm"
      >
        {/* tighter on phones: the four periods fit a 390 px screen instead of hiding the last */}
        <Tabs.List aria-label="Ranking periods" overflowX="auto" gap={{ base: '0', sm: '4' }}>
          {rankingTabs.map((value) => (
            <Tabs.Trigger key={value} value={value} px={{ base: '2', sm: '3' }}>
              <TabLabel>{tabLabels[value]}</TabLabel>
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>
        <Text id="ranking-tab-description" color="fg.muted" textStyle="sm" mt="2">
          {tabDescriptions[tab]}
        </Text>
        {rankingTabs.map((value) => (
          <Tabs.Content
            key={value}
            value={value}
            aria-live="polite"
            aria-describedby="ranking-tab-description"
          >
            {value === tab &&
              (period === undefined ? (
                <LoadedList
                  status={liveStatus}
                  failureText={rankingTexts.failed}
                  onRetry={() => liveStore.send({ type: 'store.retry' })}
                >
                  <RankingTable
                    caption="Real-time ranking"
                    rows={liveRows}
                    tab="realtime"
                    ownUserId={userId}
                    loading={liveStatus === 'loading'}
                    showSkill={showSkill}
                  />
                </LoadedList>
              ) : (
                <PeriodRanking
                  period={period}
                  groupId={groupId}
                  caption={`${tabLabels[value]} ranking`}
                  ownUserId={userId}
                  showSkill={showSkill}
                />
              ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <RecentChampions />
      <BankLine />
    </Stack>
  )
}
