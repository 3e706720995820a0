import {
  assign,
  type DoneActorEvent,
  type EventObject,
  enqueueActions,
  fromPromise,
  setup,
  spawnChild,
} from 'xstate'
import { oneMoreFailure, retryDelayMs } from './load-retry'
import type { StoreContext, StoreEvent, StoreInput, StoreOptions, StoreRestoredEvent } from './store.types'

const isStoreEvent = <T extends StoreEvent['type']>(
  event: EventObject,
  type: T,
): event is Extract<StoreEvent, { type: T }> => event.type === type

/**
 * Spec §4 "Stores": the lifecycle every store shares. Loads (the provided `loadStore` actor) only when
 * logged in; a second initialize is ignored unless forced; a reset, and logging out, go back to the
 * initial data. A failed load tries again on its own after a growing delay (`retryDelay`), or at once on
 * `store.retry`, keeping the data it had. Stores with `updates` take further events in every state;
 * persisted stores take the stored data (`store.restored`) until their first load ends and hand every
 * new data to the provided `saveStore` actor.
 */
export function createStoreMachine<TData, TLoaded = TData, TEvent extends EventObject = never>({
  id,
  initialData,
  toData = (loaded) => loaded as unknown as TData,
  clear = () => initialData,
  updates,
  persist = false,
  restore = (_, restored) => restored,
  children,
  unsaved = [],
}: StoreOptions<TData, TLoaded, TEvent>) {
  type Event = StoreEvent | TEvent | StoreRestoredEvent<TData>
  const isRestored = (event: Event): event is StoreRestoredEvent<TData> => event.type === 'store.restored'
  // the load's done event is not in the machine's event union: narrowed by its type, not cast
  const isLoaded = (event: { type: string }): event is DoneActorEvent<TLoaded> =>
    event.type === 'xstate.done.actor.loadStore'
  const update = (data: TData, event: Event): TData => {
    const reduce = (updates as Record<string, (data: TData, event: Event) => TData> | undefined)?.[event.type]
    return reduce ? reduce(data, event) : data
  }
  // TypeScript cannot list the keys of a generic event union: the transitions are typed loosely here
  const rootTransitions: object = {
    ...Object.fromEntries(
      Object.keys(updates ?? {}).map((type) => [
        type,
        {
          actions: (unsaved as readonly string[]).includes(type)
            ? ['applyUpdate', 'syncChildren']
            : ['applyUpdate', 'saveData', 'syncChildren'],
        },
      ]),
    ),
    'session.changed': [
      {
        guard: 'isLoggingOut',
        target: '.uninitialized',
        actions: ['trackSession', 'clearData', 'saveData', 'syncChildren'],
      },
      { actions: 'trackSession' },
    ],
    'store.reset': { target: '.uninitialized', actions: ['clearData', 'saveData', 'syncChildren'] },
    // a failed save keeps the data in memory (src/actors reports it) and must not stop the store
    'xstate.error.actor.saveStore': {},
  }
  const restoreBeforeLoad: object = persist
    ? { 'store.restored': { actions: ['restoreData', 'syncChildren'] } }
    : {}
  const initializeWhenLoggedIn: object = { 'store.initialize': { guard: 'isLoggedIn', target: 'loading' } }
  const reloadWhenForced: object = { 'store.initialize': { guard: 'isForcedAndLoggedIn', target: 'loading' } }
  const retryWhenLoggedIn: object = { 'store.retry': { guard: 'isLoggedIn', target: 'loading' } }

  return setup({
    types: {} as {
      context: StoreContext<TData>
      events: Event
      input: StoreInput | undefined
    },
    actors: {
      loadStore: fromPromise<TLoaded>(async () => {
        throw new Error(`loadStore of ${id} is provided by src/actors`)
      }),
      saveStore: fromPromise<void, TData>(async () => {
        throw new Error(`saveStore of ${id} is provided by src/actors`)
      }),
      /** the lifecycle of one item (`children`) */
      storeChild: children?.logic ?? fromPromise<void>(async () => {}),
    },
    delays: { retryDelay: ({ context }) => retryDelayMs(context.failures) },
    guards: {
      isLoggedIn: ({ context }) => context.loggedIn,
      isLoggingOut: ({ event }) => isStoreEvent(event, 'session.changed') && !event.loggedIn,
      isForcedAndLoggedIn: ({ context, event }) =>
        context.loggedIn && isStoreEvent(event, 'store.initialize') && event.force === true,
    },
    actions: {
      trackSession: assign({
        loggedIn: ({ context, event }) =>
          isStoreEvent(event, 'session.changed') ? event.loggedIn : context.loggedIn,
      }),
      clearData: assign({
        data: ({ context, event }) => clear(context.data, event.type === 'store.reset' ? 'reset' : 'logout'),
        error: undefined,
        failures: 0,
      }),
      storeLoaded: assign({
        data: ({ context, event }) => (isLoaded(event) ? toData(event.output, context.data) : context.data),
        error: undefined,
        failures: 0,
      }),
      applyUpdate: assign({ data: ({ context, event }) => update(context.data, event) }),
      restoreData: assign({
        data: ({ context, event }) => (isRestored(event) ? restore(context.data, event.data) : context.data),
      }),
      // one id: a new save replaces a running one, and a failure arrives as xstate.error.actor.saveStore
      saveData: persist
        ? spawnChild('saveStore', { id: 'saveStore', input: ({ context }) => context.data })
        : () => {},
      // the children of new items spawn, those whose key changed are told, those of items gone stop
      syncChildren: enqueueActions(({ context, enqueue }) => {
        if (!children) return
        const known = context.childKeys ?? {}
        const items = children.of(context.data)
        for (const childId of Object.keys(known)) if (!items.has(childId)) enqueue.stopChild(childId)
        for (const [childId, { input, key }] of items) {
          if (!(childId in known)) enqueue.spawnChild('storeChild', { id: childId, input: input as never })
          else if (known[childId] !== key) enqueue.sendTo(childId, children.changed(input))
        }
        enqueue.assign({
          childKeys: Object.fromEntries([...items].map(([childId, { key }]) => [childId, key])),
        })
      }),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ data: initialData, loggedIn: input?.loggedIn ?? false, failures: 0 }),
    initial: 'uninitialized',
    on: rootTransitions,
    states: {
      uninitialized: {
        on: { ...restoreBeforeLoad, ...initializeWhenLoggedIn },
      },
      loading: {
        on: restoreBeforeLoad,
        invoke: {
          id: 'loadStore',
          src: 'loadStore',
          onDone: {
            target: 'ready',
            actions: ['storeLoaded', 'saveData', 'syncChildren'],
          },
          onError: {
            target: 'failed',
            actions: assign({
              error: ({ event }) => event.error,
              failures: ({ context }) => oneMoreFailure(context.failures),
            }),
          },
        },
      },
      ready: {
        on: reloadWhenForced,
      },
      failed: {
        after: { retryDelay: { guard: 'isLoggedIn', target: 'loading' } },
        on: { ...initializeWhenLoggedIn, ...retryWhenLoggedIn },
      },
    },
  })
}

export type StoreMachine<TData, TLoaded = TData, TEvent extends EventObject = never> = ReturnType<
  typeof createStoreMachine<TData, TLoaded, TEvent>
>
