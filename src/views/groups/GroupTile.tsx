import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { Link as RouterLink } from 'wouter'
import { hottestBets, hottestGroups } from '~/domain/group-recommendations'
import { formatTtc } from '~/domain/number-format'
import { selectActiveGroupOrNone, selectPublicGroups } from '~/machines/groups.machine'
import { selectLiveRanking } from '~/machines/live-ranking.machine'
import { selectPolls } from '~/machines/polls.machine'
import { selectUser } from '~/machines/session.select'
import { useClient } from '~/views/client-context'
import { TitleLink } from '~/views/ticker/TitleLink'
import { Card, Heading, Link, Skeleton, Text } from '~/views/ui'
import { GroupSummary } from './GroupSummary'

/**
 * The dashboard's group tile (spec §2): the active group and the player's rank in it this week, and
 * recommendations: the hottest bets (open polls with the most TTC) and the hottest public groups.
 */
export function GroupTile() {
  const client = useClient()
  const group = useSelector(client.groups, (snapshot) => selectActiveGroupOrNone(snapshot.context))
  const publicGroups = useSelector(client.groups, (snapshot) => selectPublicGroups(snapshot.context))
  const polls = useSelector(client.store('polls'), (snapshot) => selectPolls(snapshot.context))
  const ranking = useSelector(client.store('liveRanking'), (snapshot) => selectLiveRanking(snapshot.context))
  const userId = useSelector(client.session, (snapshot) => selectUser(snapshot).id)
  const bets = useMemo(() => hottestBets(polls), [polls])
  const groups = useMemo(() => hottestGroups(publicGroups), [publicGroups])
  const rank = ranking.find((row) => row.userId === userId)?.rank

  return (
    <Card.Root role="region" aria-labelledby="group-tile-title">
      <Card.Header>
        <Card.Title id="group-tile-title">Your group</Card.Title>
      </Card.Header>
      <Card.Body display="flex" flexDirection="column" gap="4">
        {group ? <GroupSummary group={group} active /> : <Skeleton h="10" />}
        <Text textStyle="sm">{rank ? `Your rank this week: ${rank}` : 'Not ranked this week yet.'}</Text>
        <styled.section aria-labelledby="hottest-bets-title">
          <Heading as="h3" size="sm" id="hottest-bets-title">
            Hottest bets
          </Heading>
          {bets.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              No poll takes bets right now.
            </Text>
          ) : (
            <styled.ol listStyle="none" textStyle="sm">
              {bets.map((poll) => (
                <styled.li key={poll.pollId} display="flex" justifyContent="space-between" gap="2">
                  <TitleLink titleId={poll.titleId} />
                  <span>
                    {poll.results.totalTtcBet > 0 ? formatTtc(poll.results.totalTtcBet) : 'No bets yet'}
                  </span>
                </styled.li>
              ))}
            </styled.ol>
          )}
        </styled.section>
        <styled.section aria-labelledby="hottest-groups-title">
          <Heading as="h3" size="sm" id="hottest-groups-title">
            Hottest groups
          </Heading>
          {groups.length === 0 ? (
            <Text textStyle="sm" color="fg.muted">
              No public groups to join right now.
            </Text>
          ) : (
            <styled.ol listStyle="none" textStyle="sm">
              {groups.map((hot) => (
                <styled.li key={hot.id} display="flex" justifyContent="space-between" gap="2">
                  <span>{hot.name}</span>
                  <styled.span color="fg.muted">{hot.memberCount} members</styled.span>
                </styled.li>
              ))}
            </styled.ol>
          )}
        </styled.section>
      </Card.Body>
      <Card.Footer>
        <Link asChild>
          <RouterLink href="/groups">Manage groups</RouterLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  )
}
