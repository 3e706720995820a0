import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { Champion } from '~/domain/champions'
import { formatTtc } from '~/domain/number-format'
import { trophyOf } from '~/domain/ranking-tabs'
import { useClient } from '~/views/client-context'
import { Card, Skeleton } from '~/views/ui'
import { TrophyIcon } from './TrophyIcon'
import { UserNameButton } from './UserNameButton'

/**
 * Spec §1, §4: last week's top three, by ascending rank. The store starts with three rank-only
 * placeholders; those show as skeletons while the store loads, and as an empty slot once it has
 * answered without a player for that rank (a week nobody played).
 */
export function RecentChampions() {
  const client = useClient()
  const champions = useSelector(client.recentChampions, (snapshot) => snapshot.context.data)
  const answered = useSelector(client.recentChampions, (snapshot) => snapshot.matches('ready'))
  // a failed load is no week without champions: it says so instead
  const failed = useSelector(client.recentChampions, (snapshot) => snapshot.matches('failed'))
  const empty = (champion: Champion) => champion.username === undefined || champion.userId === undefined
  const loading = !answered && !failed && champions.some(empty)
  return (
    <Card.Root role="region" aria-labelledby="recent-champions-title">
      <Card.Header>
        <Card.Title id="recent-champions-title">Recent champions</Card.Title>
        <Card.Description>Last week's top three</Card.Description>
      </Card.Header>
      <Card.Body>
        <styled.ol listStyle="none" display="flex" flexDirection="column" gap="2" aria-busy={loading}>
          {champions.map((champion) => {
            const trophy = trophyOf(champion.rank, 'last_week', champion.points ?? 0)
            return (
              <styled.li key={champion.rank} display="flex" alignItems="center" gap="3">
                <styled.span
                  display="inline-flex"
                  alignItems="center"
                  gap="1"
                  minW="10"
                  fontWeight="semibold"
                >
                  <span>{champion.rank}.</span>
                  {trophy && <TrophyIcon trophy={trophy} />}
                </styled.span>
                {champion.username === undefined || champion.userId === undefined ? (
                  loading ? (
                    <Skeleton h="4" flex="1" />
                  ) : (
                    <styled.span flex="1" color="fg.muted">
                      {failed ? 'Not available right now' : 'No champion yet'}
                    </styled.span>
                  )
                ) : (
                  <>
                    <styled.span flex="1" minW="0" truncate>
                      <UserNameButton userId={champion.userId} username={champion.username} />
                    </styled.span>
                    <styled.span color="fg.muted">{formatTtc(champion.points ?? 0)}</styled.span>
                  </>
                )}
              </styled.li>
            )
          })}
        </styled.ol>
      </Card.Body>
    </Card.Root>
  )
}
