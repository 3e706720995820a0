import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  emit,
  type SnapshotFrom,
  setup,
  stateIn,
} from 'xstate'
import { noticeTexts } from './notices'
import { serverErrorMachine } from './server-error.machine'
import { isServerFailure, type ServerCallOutcome } from './server-error.types'
import {
  type NoConnectionFailure,
  type StateFetchContext,
  type StateFetchEmitted,
  type StateFetchEvent,
  stateCacheMs,
} from './state-fetch.types'

const noConnection: NoConnectionFailure = { code: 'no_connection', message: noticeTexts.noConnection }

/** The outcome a `fetchState` actor finished with (the server-error policy's output). */
const outcomeOf = (event: { type: string }) => (isFetched(event) ? event.output : undefined)
// the actors' done and error events are not in the machine's event union: narrowed by type, not cast
const isFetched = (event: { type: string }): event is DoneActorEvent<ServerCallOutcome> =>
  event.type === 'xstate.done.actor.fetchState'
const isFetchError = (event: { type: string }): event is ErrorActorEvent =>
  event.type === 'xstate.error.actor.fetchState'
const fetchErrorOf = (event: { type: string }) => (isFetchError(event) ? event.error : undefined)

const requestIdOf = (event: StateFetchEvent) => (event.type === 'state.request' ? event.requestId : undefined)

/**
 * Spec §4 "State fetching": the state call (under the server-error policy, whose outcome `fetchState`
 * finishes with), cached for 5 s; paused from the first 5xx until the next successful answer, which
 * navigates back from the error route. The app's one pause: another read's 5xx (`server.failed`) pauses
 * it too and starts a state call that tries the server; while paused, every read is refused
 * (`selectPaused`). A forgotten state (`state.forget`) is fetched anew.
 */
export const stateFetchMachine = setup({
  types: {} as {
    context: StateFetchContext
    events: StateFetchEvent
    emitted: StateFetchEmitted
  },
  actors: {
    // the state call under the server-error policy; src/actors provides it with the real call
    fetchState: serverErrorMachine,
  },
  guards: {
    isFailed: ({ event }) => outcomeOf(event)?.ok === false,
    isFailedByServer: ({ event }) => {
      const outcome = outcomeOf(event)
      return outcome?.ok === false && isServerFailure(outcome.error)
    },
    isPaused: stateIn({ fetching: 'paused' }),
  },
  delays: { stateCache: stateCacheMs },
  actions: {
    navigateBack: () => {},
    answerFromCache: emit(({ context, event }) => ({
      type: 'state.loaded' as const,
      requestId: requestIdOf(event),
      data: context.data,
    })),
    storeState: assign({
      data: ({ context, event }) => {
        const outcome = outcomeOf(event)
        return outcome?.ok ? outcome.data : context.data
      },
    }),
    forgetState: assign({ data: undefined }),
    answerWaiting: emit(({ event }) => {
      const outcome = outcomeOf(event)
      return { type: 'state.loaded' as const, data: outcome?.ok ? outcome.data : undefined }
    }),
    rejectWaiting: emit(({ event }) => {
      const outcome = outcomeOf(event)
      const error = outcome ? (outcome.ok ? undefined : outcome.error) : fetchErrorOf(event)
      return { type: 'state.failed' as const, error }
    }),
    rejectPaused: emit(({ event }) => ({
      type: 'state.failed' as const,
      requestId: requestIdOf(event),
      error: noConnection,
    })),
  },
}).createMachine({
  id: 'stateFetch',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: { 'state.request': 'fetching', 'server.failed': 'fetching.paused' },
    },
    fetching: {
      invoke: {
        id: 'fetchState',
        src: 'fetchState',
        input: {},
        onDone: [
          { guard: 'isFailedByServer', target: 'paused', actions: 'rejectWaiting' },
          { guard: 'isFailed', target: 'idle', actions: 'rejectWaiting' },
          { guard: 'isPaused', target: 'cached', actions: ['storeState', 'answerWaiting', 'navigateBack'] },
          { target: 'cached', actions: ['storeState', 'answerWaiting'] },
        ],
        onError: { target: 'idle', actions: 'rejectWaiting' },
      },
      initial: 'connected',
      states: {
        connected: {
          on: {
            'state.serverError': 'paused',
            'server.failed': 'paused',
            // the running answer may be the one to forget: ask again
            'state.forget': { target: '#stateFetch.fetching', reenter: true },
          },
        },
        paused: {
          on: { 'state.request': { actions: 'rejectPaused' } },
        },
      },
    },
    cached: {
      after: { stateCache: { target: 'idle', actions: 'forgetState' } },
      on: {
        'state.request': { actions: 'answerFromCache' },
        'state.forget': { target: 'idle', actions: 'forgetState' },
        'server.failed': { target: 'fetching.paused', actions: 'forgetState' },
      },
    },
    paused: {
      // the request is refused, and starts a new attempt: its success resumes
      on: { 'state.request': { target: 'fetching.paused', actions: 'rejectPaused' } },
    },
  },
})

export type StateFetchMachine = typeof stateFetchMachine

/** Whether fetching is paused: the app's reads are refused with 'No connection to server!'. */
export const selectPaused = (snapshot: SnapshotFrom<StateFetchMachine>) =>
  snapshot.matches('paused') || snapshot.matches({ fetching: 'paused' })
