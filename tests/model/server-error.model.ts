import type { AnyEventObject } from 'xstate'
import { ApiError } from '../../src/api/client'
import { serverErrorMachine } from '../../src/machines/server-error.machine'
import type { ServerErrorContext } from '../../src/machines/server-error.types'
import { isAfterEvent, type PathModel } from './paths'

/** The call the policy runs in every path. */
export const request = { call: 'settings', args: { params: { user: 'me' } } }
export const answer = { isFirstTimeUser: false }
/** 500 is the lowest status the policy retries; 404 the kind it passes on. */
export const serverFailure = new ApiError(500, 'internal_error', 'Oops! Something went wrong')
export const clientFailure = new ApiError(404, 'not_found', 'User not found.')

export const isServerFailureEvent = (event: AnyEventObject) =>
  event.type === 'xstate.error.actor.callServer' &&
  event.error instanceof ApiError &&
  event.error.status >= 500

const describeFailure = (error: unknown) =>
  error instanceof ApiError ? `${error.status} ${error.code}` : String(error)

export const serverErrorModel: PathModel = {
  name: 'serverError',
  summary:
    'One game API call under the server-error policy (spec §8): 5xx answers are retried after 2^n s, up to 4 times; other failures pass through.',
  machine: serverErrorMachine,
  input: { request },
  strategy: 'simple',
  events: [
    { type: 'xstate.done.actor.callServer', output: answer },
    { type: 'xstate.error.actor.callServer', error: serverFailure },
    { type: 'xstate.error.actor.callServer', error: clientFailure },
  ],
  // spec §8, written out: each attempt calls; each 5xx sends the app to /error with the countdown notice
  expectedOutputs: ({ event, history }) => {
    if (event.type === 'xstate.init' || isAfterEvent(event)) return [{ call: 'callServer', input: request }]
    if (!isServerFailureEvent(event)) return []
    const n = history.filter(isServerFailureEvent).length + 1
    const notice =
      n <= 4
        ? {
            kind: 'negative',
            message: 'Error fetching data from server!',
            caption: `Retry starting in ${2 ** n} seconds...`,
            timeoutMs: 2 ** n * 1000,
            countdown: true,
            // one countdown at a time: each replaces the last
            key: 'server_error',
          }
        : { kind: 'negative', message: `For the ${n}th time - no more retries!`, key: 'server_error' }
    return [{ action: 'reportServerError' }, { navigate: '/error' }, { notice }]
  },
  describeState: (snapshot) => {
    const { failures } = snapshot.context as ServerErrorContext
    return failures ? `${String(snapshot.value)} (${failures} failed)` : String(snapshot.value)
  },
  describeEvent: (event) => {
    if (event.type === 'xstate.done.actor.callServer') return 'the call answers'
    if (event.type === 'xstate.error.actor.callServer')
      return `the call fails with ${describeFailure(event.error)}`
    return undefined
  },
}
