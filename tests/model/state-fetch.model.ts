import { ApiError } from '../../src/api/client'
import { stateFetchMachine } from '../../src/machines/state-fetch.machine'
import { type Output, type PathModel, stateName } from './paths'

export const gameState = { rankings: [], users: [], polls: [], chronic: [], publicGroups: [] }
export const serverFailure = new ApiError(503, 'http_503', 'Oops! Something went wrong')
export const signedOut = new ApiError(401, 'unauthenticated', 'Please sign in first.')
export const requestId = 'r1'

const noConnection = { code: 'no_connection', message: 'No connection to server!' }
const call = { call: 'fetchState', input: {} }

export const stateFetchModel: PathModel = {
  name: 'stateFetch',
  summary:
    'The state call (spec §4 "State fetching"): cached for 5 s, paused from the first 5xx until the next success, which navigates back.',
  machine: stateFetchMachine,
  // a request while the call runs waits for it; a late 5xx report changes nothing; a paused app stays
  // paused whatever else fails; there is nothing to forget while paused
  ignoredEvents: ['state.request', 'state.serverError', 'server.failed', 'state.forget'],
  events: [
    { type: 'state.request', requestId },
    { type: 'state.serverError' },
    { type: 'server.failed' },
    { type: 'state.forget' },
    { type: 'xstate.done.actor.fetchState', output: { ok: true, data: gameState } },
    { type: 'xstate.done.actor.fetchState', output: { ok: false, error: serverFailure } },
    { type: 'xstate.done.actor.fetchState', output: { ok: false, error: signedOut } },
    { type: 'xstate.error.actor.fetchState', error: new Error('fetchState crashed') },
  ],
  // spec §4, written out: what each step answers, calls and navigates
  expectedOutputs: ({ from, event }): Output[] => {
    const at = from && stateName(from)
    switch (event.type) {
      case 'state.request':
        if (at === 'idle') return [call]
        if (at === 'cached') return [{ emit: { type: 'state.loaded', requestId, data: gameState } }]
        if (at === 'fetching.paused')
          return [{ emit: { type: 'state.failed', requestId, error: noConnection } }]
        if (at === 'paused') return [{ emit: { type: 'state.failed', requestId, error: noConnection } }, call]
        return [] // fetching.connected: waits for the running call
      case 'server.failed':
        // another read failed: a state call tries the server (a running one goes on)
        return at === 'idle' || at === 'cached' ? [call] : []
      case 'state.forget':
        // a running call is asked again: its answer may be of the player or group before
        return at === 'fetching.connected' ? [call] : []
      case 'xstate.done.actor.fetchState': {
        const outcome = event.output as { ok: boolean; error?: unknown }
        if (!outcome.ok) return [{ emit: { type: 'state.failed', error: outcome.error } }]
        const answer = { emit: { type: 'state.loaded', data: gameState } }
        // emitted answers reach the requesters after the step's actions
        return at === 'fetching.paused' ? [{ navigate: 'back' }, answer] : [answer]
      }
      case 'xstate.error.actor.fetchState':
        return [{ emit: { type: 'state.failed', error: event.error } }]
      default:
        return []
    }
  },
  describeState: (snapshot) => {
    const name = stateName(snapshot)
    return (snapshot.context as { data?: unknown }).data === undefined ? name : `${name} (state known)`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'state.request':
        return `the app asks for the state (${event.requestId})`
      case 'state.serverError':
        return 'an attempt of the state call gets a 5xx (the policy retries)'
      case 'server.failed':
        return 'another read of the app gets a 5xx'
      case 'state.forget':
        return 'the player or the active group changes'
      case 'xstate.done.actor.fetchState': {
        const output = event.output as { ok: boolean; error?: ApiError }
        return output.ok ? 'the state call answers' : `the state call gives up with ${output.error?.status}`
      }
      case 'xstate.error.actor.fetchState':
        return 'the state call crashes'
      default:
        return undefined
    }
  },
}
