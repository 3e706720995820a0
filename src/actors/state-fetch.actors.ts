import { type ActorRefFrom, fromPromise, sendParent } from 'xstate'
import { ApiError, noAnswerStatus } from '../api/client'
import { noticeTexts } from '../machines/notices'
import { serverErrorMachine } from '../machines/server-error.machine'
import type { StateFetchMachine } from '../machines/state-fetch.machine'
import type { StateFetchEmitted } from '../machines/state-fetch.types'
import { errorRoutingFor } from './navigation'
import {
  attemptUnderPolicy,
  provideServerErrorPolicy,
  type ServerErrorPolicyDeps,
} from './server-error.actors'

/** The state call under the server-error policy, telling its parent of every 5xx attempt. */
export function stateCallUnderPolicy(deps: ServerErrorPolicyDeps) {
  return provideServerErrorPolicy(serverErrorMachine, deps).provide({
    actors: {
      callServer: fromPromise<unknown, unknown>(({ signal }) =>
        attemptUnderPolicy(deps.api, { call: 'state' }, signal),
      ),
    },
    actions: { reportServerError: sendParent({ type: 'state.serverError' }) },
  })
}

/** The production wiring of state fetching. */
export function provideStateFetch(machine: StateFetchMachine, deps: ServerErrorPolicyDeps) {
  return machine.provide({
    actors: { fetchState: stateCallUnderPolicy(deps) },
    actions: { navigateBack: () => errorRoutingFor(deps.navigate).back() },
  })
}

let requestCount = 0

/**
 * Asks a running state-fetch actor for the state: resolves with it (cached or fetched), rejects with
 * the failure, or with 'No connection to server!' (an ApiError of status 0) while paused.
 */
export function requestState(actor: ActorRefFrom<StateFetchMachine>): Promise<unknown> {
  requestCount += 1
  const requestId = `state-${requestCount}`
  return new Promise((resolve, reject) => {
    const mine = (event: StateFetchEmitted) => event.requestId === undefined || event.requestId === requestId
    const loaded = actor.on('state.loaded', (event) => {
      if (!mine(event)) return
      stop()
      resolve(event.data)
    })
    const failed = actor.on('state.failed', (event) => {
      if (!mine(event)) return
      stop()
      reject(toFailure(event.error))
    })
    const stop = () => {
      loaded.unsubscribe()
      failed.unsubscribe()
    }
    actor.send({ type: 'state.request', requestId })
  })
}

/** What a request gets while fetching is paused: 'No connection to server!' (status 0: no answer). */
export const noConnection = () => new ApiError(noAnswerStatus, 'no_connection', noticeTexts.noConnection)

function toFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'no_connection') {
    return noConnection()
  }
  return error
}
