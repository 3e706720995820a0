import { assign, fromPromise, setup } from 'xstate'
import type { StoreContext, StoreEvent, StoreInput, StoreOptions } from './store.types'

/**
 * Spec §4 "Stores": the lifecycle every store shares. Loads (the provided `loadStore` actor) only when
 * logged in; a second initialize is ignored unless forced; a reset, and logging out, go back to the
 * initial data.
 */
export function createStoreMachine<TData>({
  id,
  initialData,
  toData = (loaded) => loaded,
}: StoreOptions<TData>) {
  return setup({
    types: {} as {
      context: StoreContext<TData>
      events: StoreEvent
      input: StoreInput | undefined
    },
    actors: {
      loadStore: fromPromise<TData>(async () => {
        throw new Error(`loadStore of ${id} is provided by src/actors`)
      }),
    },
    guards: {
      isLoggedIn: ({ context }) => context.loggedIn,
      isLoggingOut: ({ event }) => event.type === 'session.changed' && !event.loggedIn,
      isForcedAndLoggedIn: ({ context, event }) =>
        context.loggedIn && event.type === 'store.initialize' && event.force === true,
    },
    actions: {
      trackSession: assign({
        loggedIn: ({ context, event }) =>
          event.type === 'session.changed' ? event.loggedIn : context.loggedIn,
      }),
      clearData: assign({ data: () => initialData, error: undefined }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ data: initialData, loggedIn: input?.loggedIn ?? false }),
    initial: 'uninitialized',
    on: {
      'session.changed': [
        { guard: 'isLoggingOut', target: '.uninitialized', actions: ['trackSession', 'clearData'] },
        { actions: 'trackSession' },
      ],
      'store.reset': { target: '.uninitialized', actions: 'clearData' },
    },
    states: {
      uninitialized: {
        on: { 'store.initialize': { guard: 'isLoggedIn', target: 'loading' } },
      },
      loading: {
        invoke: {
          id: 'loadStore',
          src: 'loadStore',
          onDone: {
            target: 'ready',
            actions: assign({ data: ({ event }) => toData(event.output), error: undefined }),
          },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        },
      },
      ready: {
        on: { 'store.initialize': { guard: 'isForcedAndLoggedIn', target: 'loading' } },
      },
      failed: {
        on: { 'store.initialize': { guard: 'isLoggedIn', target: 'loading' } },
      },
    },
  })
}

export type StoreMachine<TData> = ReturnType<typeof createStoreMachine<TData>>
