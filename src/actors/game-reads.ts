import type { ActorRefFrom } from 'xstate'
import type { ApiClient } from '../api/client'
import type { GameState } from '../api/state'
import { isServerFailure } from '../machines/server-error.types'
import { type StateFetchMachine, selectPaused } from '../machines/state-fetch.machine'
import type { GameCall } from './game-api'
import { noConnection, requestState } from './state-fetch.actors'

type LooseCall = (name: string, args: object) => Promise<unknown>

/** What the stores load with: the state, and the other reads, all under the app's one pause. */
export interface GameReads {
  /**
   * A read of the game API under state fetching's pause (spec §4, §8): refused with 'No connection to
   * server!' while paused; a 5xx answer pauses the app, whose state call then tries the server (one
   * countdown for the app, not one per loader) and resumes it when it answers.
   */
  readonly read: GameCall
  /** `GET /v1/stockgame/state`: cached 5 s, refused while paused (the state-fetch actor) */
  readonly state: () => Promise<GameState>
  /** the cached state is another player's or group's: the next request fetches it anew */
  readonly forgetState: () => void
}

/** The reads of the app over its running state-fetch actor. */
export function gameReadsFor(api: ApiClient, fetching: ActorRefFrom<StateFetchMachine>): GameReads {
  const read = (async (name: Parameters<GameCall>[0], args: object) => {
    if (selectPaused(fetching.getSnapshot())) throw noConnection()
    try {
      // a 5xx is not retried here: the pause's state call does that, once for the whole app
      return await (api.call as LooseCall)(name, { ...args, passServerErrors: true })
    } catch (error) {
      if (isServerFailure(error)) fetching.send({ type: 'server.failed' })
      throw error
    }
  }) as GameCall
  return {
    read,
    state: () => requestState(fetching) as Promise<GameState>,
    forgetState: () => fetching.send({ type: 'state.forget' }),
  }
}
