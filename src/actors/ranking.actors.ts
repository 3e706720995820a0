import { fromPromise } from 'xstate'
import type { RankingRow } from '../api/rankings'
import type { RankingMachine } from '../machines/ranking.machine'
import type { RankingRequest } from '../machines/ranking.types'
import { gameCallFor } from './game-api'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The rankings page's loader: `GET /v1/stockgame/rankings?period=&groupId=`. */
export function provideRanking(machine: RankingMachine, deps: ServerErrorPolicyDeps) {
  const call = gameCallFor(deps)
  return machine.provide({
    actors: {
      fetchRanking: fromPromise<readonly RankingRow[], RankingRequest>(({ input, signal }) =>
        call('rankings', { query: { period: input.period, groupId: input.groupId }, signal }),
      ),
    },
  })
}
