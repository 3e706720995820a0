import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { provideRanking } from '~/actors/ranking.actors'
import type { RankingPeriod } from '~/domain/ranking-periods'
import { rankingMachine, selectRankingLoadStatus, selectRankingRows } from '~/machines/ranking.machine'
import { rankingTexts } from '~/machines/ranking.types'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { RankingTable } from './RankingTable'

export interface PeriodRankingProps {
  readonly period: RankingPeriod
  /** the group whose ranking shows (the active one) */
  readonly groupId?: number
  readonly caption: string
  readonly ownUserId?: number
  readonly showSkill?: boolean
}

/** One period's ranking of the active group, loaded for as long as its tab shows. */
export function PeriodRanking({ period, groupId, caption, ownUserId, showSkill }: PeriodRankingProps) {
  const client = useClient()
  const ranking = useActorRef(provideRanking(rankingMachine, client.effects), client.actorOptions)
  const rows = useSelector(ranking, selectRankingRows)
  const status = useSelector(ranking, selectRankingLoadStatus)
  // the tab and the active group arrive as events (routing reaches machines as events)
  useEffect(() => ranking.send({ type: 'ranking.show', period, groupId }), [ranking, period, groupId])

  return (
    <LoadedList
      status={status}
      failureText={rankingTexts.failed}
      onRetry={() => ranking.send({ type: 'ranking.retry' })}
    >
      <RankingTable
        caption={caption}
        rows={rows}
        tab={period}
        ownUserId={ownUserId}
        loading={status === 'loading'}
        showSkill={showSkill}
      />
    </LoadedList>
  )
}
