import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'

/** What a load needs: e.g. `{ walletAddress }` or `{ userId }`. */
export type LoaderInput = Readonly<Record<string, string | number>>

export interface LoaderContext<TData> {
  readonly input: LoaderInput
  /** the last load's answer */
  readonly data?: TData
  /** the spec's text after a failed load (§8 fetch errors) */
  readonly failure?: string
}

export type LoaderEvent =
  /** loads again after a failure, or refreshes what is shown */
  { readonly type: 'loader.reload' }

/**
 * One read for a view (the credit menu's transactions, the user info dialog's user): loading, loaded
 * or failed with the spec's fetch-error text, reloadable. `load` is provided by src/actors.
 */
export function createLoaderMachine<TData>(options: { readonly id: string; readonly failureText: string }) {
  return setup({
    types: {} as { context: LoaderContext<TData>; events: LoaderEvent; input: LoaderInput },
    actors: {
      load: fromPromise<TData, LoaderInput>(async () => {
        throw new Error(`${options.id}: load is provided by src/actors`)
      }),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ input }),
    initial: 'loading',
    states: {
      loading: {
        entry: assign({ failure: undefined }),
        invoke: {
          src: 'load',
          input: ({ context }) => context.input,
          onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ failure: options.failureText }) },
        },
      },
      loaded: { on: { 'loader.reload': 'loading' } },
      failed: { on: { 'loader.reload': 'loading' } },
    },
  })
}

type LoaderSnapshot<TData> = SnapshotFrom<ReturnType<typeof createLoaderMachine<TData>>>

export const selectLoaded = <TData>(snapshot: LoaderSnapshot<TData>) => snapshot.context.data
/** Loading with nothing to show yet (a reload keeps the old data on screen). */
export const selectLoading = <TData>(snapshot: LoaderSnapshot<TData>) =>
  snapshot.matches('loading') && snapshot.context.data === undefined
export const selectLoadFailure = <TData>(snapshot: LoaderSnapshot<TData>) => snapshot.context.failure
