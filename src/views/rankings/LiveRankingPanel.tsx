import { useSelector } from '@xstate/react'
import { Link as RouterLink } from 'wouter'
import {
  selectLiveRanking,
  selectLiveRankingFailed,
  selectLiveRankingPending,
} from '~/machines/live-ranking.machine'
import { rankingTexts } from '~/machines/ranking.types'
import { selectUser } from '~/machines/session.select'
import { useClient } from '~/views/client-context'
import { Card, Link } from '~/views/ui'
import { LoadError } from './LoadError'
import { RankingTable } from './RankingTable'
import { topWithOwnRow } from './top-with-own-row'

/** Rows the dashboard's panel shows before the player's own. */
const panelRows = 5

/** The dashboard's live ranking (this week, active group, refreshed every 10 s): the top and the player. */
export function LiveRankingPanel() {
  const client = useClient()
  const store = client.store('liveRanking')
  const rows = useSelector(store, (snapshot) => selectLiveRanking(snapshot.context))
  const pending = useSelector(store, selectLiveRankingPending)
  const failed = useSelector(store, selectLiveRankingFailed)
  const userId = useSelector(client.session, (snapshot) => selectUser(snapshot).id)
  return (
    <Card.Root role="region" aria-labelledby="live-ranking-title">
      <Card.Header>
        <Card.Title id="live-ranking-title">Live ranking</Card.Title>
        <Card.Description>This week in your active group</Card.Description>
      </Card.Header>
      <Card.Body aria-live="polite">
        {failed ? (
          <LoadError message={rankingTexts.failed} />
        ) : (
          <RankingTable
            caption="Live ranking"
            rows={topWithOwnRow(rows, userId, panelRows)}
            tab="realtime"
            ownUserId={userId}
            loading={pending}
          />
        )}
      </Card.Body>
      <Card.Footer>
        <Link asChild>
          <RouterLink href="/rankings">All rankings</RouterLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  )
}
