import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renamePlayer } from '../../server/auth/rename-player'
import { defaultGroupId } from '../../src/api/groups'
import type { RankingRow } from '../../src/api/rankings'
import type { GameState } from '../../src/api/state'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { advanceClock, PairSource, tag } from '../support/game'
import { startTestServer, type TestServer } from '../support/test-server'

const minute = 60_000

/**
 * The rankings and the activity stream are kept by each process while their versions hold. A player's
 * name is in them but in no row they read again, so a rename by the operator or a deleted account moves
 * a version of its own: the next state call shows it, not one some minutes later.
 */
describe.each(dialects)('names the game shows after a rename or a deletion, on %s', (dialect) => {
  let server: TestServer
  let renamed: SignedUp
  let leaving: SignedUp
  let watcher: SignedUp

  beforeAll(async () => {
    server = await startTestServer(dialect)
    renamed = await signUpPlayer(server)
    leaving = await signUpPlayer(server)
    watcher = await signUpPlayer(server)
    // predictions of all three, evaluated and folded into the rankings: each is named and ranked
    const [pair, other] = await new PairSource(server).take(2)
    if (!pair || !other) throw new Error('no pairs')
    await tag(renamed, pair, 'Up')
    await tag(leaving, pair, 'Down')
    await tag(watcher, other, 'Up')
    await advanceClock(server, evaluationDelayMs + 5 * minute)
  }, 60_000)
  afterAll(() => server.stop())

  const stateOfWatcher = async () => (await watcher.client.get<GameState>('/v1/stockgame/state')).body
  const allTime = async () =>
    (await watcher.client.get<RankingRow[]>('/v1/stockgame/rankings?period=all_time')).body
  /** the player's name wherever the watcher's state and the ranking route show it */
  const namesOf = async (player: SignedUp) => {
    const state = await stateOfWatcher()
    const inRanking = (rows: readonly RankingRow[] | undefined) =>
      rows?.find((row) => row.userId === player.user.id)?.username
    return {
      users: state.users.find((user) => user.id === player.user.id)?.username,
      stateRanking: inRanking(state.rankings[defaultGroupId]?.all_time),
      ranking: inRanking(await allTime()),
    }
  }

  it("shows the operator's new name at the next state call and in the rankings", async () => {
    const before = renamed.user.username
    expect(await namesOf(renamed)).toEqual({ users: before, stateRanking: before, ranking: before })

    const to = uniqueName('Fair')
    expect((await renamePlayer(server.ctx, before, to)).kind).toBe('renamed')

    expect(await namesOf(renamed)).toEqual({ users: to, stateRanking: to, ranking: to })
  })

  it('leaves a deleted account out at the next state call and in the rankings', async () => {
    const named = leaving.user.username
    expect(await namesOf(leaving)).toEqual({ users: named, stateRanking: named, ranking: named })

    expect((await leaving.client.delete('/v1/users/me', { password: leaving.password })).status).toBe(204)

    expect(await namesOf(leaving)).toEqual({ users: undefined, stateRanking: undefined, ranking: undefined })
    // the others stay ranked
    expect((await allTime()).some((row) => row.userId === watcher.user.id)).toBe(true)
  })
})
