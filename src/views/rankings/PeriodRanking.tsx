import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { provideRanking } from '~/actors/ranking.actors'
import type { RankingPeriod } from '~/domain/ranking-periods'
import {
  rankingMachine,
  selectRankingFailed,
  selectRankingLoading,
  selectRankingRows,
} from '~/machines/ranking.machine'
import { rankingTexts } from '~/machines/ranking.types'
import { useClient } from '~/views/client-context'
import { LoadError } from './LoadError'
import { RankingTable } from './RankingTable'

export interface PeriodRankingProps {
  readonly period: RankingPeriod
  /** the group whose ranking shows (the active one) */
  readonly groupId?: number
  readonly caption: string
  readonly ownUserId?: number
}

/** One period's ranking of the active group, loaded for as long as its tab shows. */
export function PeriodRanking({ period, groupId, caption, ownUserId }: PeriodRankingProps) {
  const client = useClient()
  const ranking = useActorRef(provideRanking(rankingMachine, client.effects))
  const rows = useSelector(ranking, selectRankingRows)
  const loading = useSelector(ranking, selectRankingLoading)
  const failed = useSelector(ranking, selectRankingFailed)
  // the tab and the active group arrive as events (routing reaches machines as events)
  useEffect(() => ranking.send({ type: 'ranking.show', period, groupId }), [ranking, period, groupId])

  if (failed)
    return <LoadError message={rankingTexts.failed} onRetry={() => ranking.send({ type: 'ranking.retry' })} />
  return <RankingTable caption={caption} rows={rows} tab={period} ownUserId={ownUserId} loading={loading} />
}
