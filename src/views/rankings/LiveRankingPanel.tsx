import { useSelector } from '@xstate/react'
import { Link as RouterLink } from 'wouter'
import { selectLiveRanking, selectLiveRankingLoadStatus } from '~/machines/live-ranking.machine'
import { rankingTexts } from '~/machines/ranking.types'
import { selectUser } from '~/machines/session.select'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Card, Link } from '~/views/ui'
import { RankingTable } from './RankingTable'
import { topWithOwnRow } from './top-with-own-row'

/** Rows the dashboard's panel shows before the player's own. */
const panelRows = 5

/** The dashboard's live ranking (this week, active group, refreshed every 10 s): the top and the player. */
export function LiveRankingPanel() {
  const client = useClient()
  const store = client.store('liveRanking')
  const rows = useSelector(store, (snapshot) => selectLiveRanking(snapshot.context))
  const status = useSelector(store, selectLiveRankingLoadStatus)
  const userId = useSelector(client.session, (snapshot) => selectUser(snapshot).id)
  return (
    <Card.Root role="region" aria-labelledby="live-ranking-title">
      <Card.Header>
        <Card.Title id="live-ranking-title">Live ranking</Card.Title>
        <Card.Description>This week in your active group</Card.Description>
      </Card.Header>
      <Card.Body aria-live="polite">
        <LoadedList
          status={status}
          failureText={rankingTexts.failed}
          onRetry={() => store.send({ type: 'store.retry' })}
        >
          <RankingTable
            caption="Live ranking"
            rows={topWithOwnRow(rows, userId, panelRows)}
            tab="realtime"
            ownUserId={userId}
            loading={status === 'loading'}
          />
        </LoadedList>
      </Card.Body>
      <Card.Footer>
        <Link asChild>
          <RouterLink href="/rankings">All rankings</RouterLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  )
}
