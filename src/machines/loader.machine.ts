import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { type LoadStatus, loadStatusOf, oneMoreFailure, retryDelayMs } from './load-retry'

/** What a load needs: e.g. `{ walletAddress }` or `{ userId }`. */
export type LoaderInput = Readonly<Record<string, string | number>>

export interface LoaderContext<TData> {
  readonly input: LoaderInput
  /** the last load's answer */
  readonly data?: TData
  /** the spec's text after a failed load (§8 fetch errors) */
  readonly failure?: string
  /** failed loads in a row (saturating, see load-retry.ts): the next background retry's wait */
  readonly failures: number
}

export type LoaderEvent =
  /** loads again after a failure, or refreshes what is shown */
  { readonly type: 'loader.reload' }

/**
 * One read for a view (the credit menu's transactions, the user info dialog's user): loading, loaded
 * or failed with the spec's fetch-error text, reloadable. A failure tries again on its own after a
 * growing delay (`retryDelay`), keeping what loaded before. `load` is provided by src/actors.
 */
export function createLoaderMachine<TData>(options: { readonly id: string; readonly failureText: string }) {
  return setup({
    types: {} as { context: LoaderContext<TData>; events: LoaderEvent; input: LoaderInput },
    actors: {
      load: fromPromise<TData, LoaderInput>(async () => {
        throw new Error(`${options.id}: load is provided by src/actors`)
      }),
    },
    delays: { retryDelay: ({ context }) => retryDelayMs(context.failures) },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ input, failures: 0 }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => context.input,
          onDone: {
            target: 'loaded',
            actions: assign({ data: ({ event }) => event.output, failure: undefined, failures: 0 }),
          },
          onError: {
            target: 'failed',
            actions: assign({
              failure: options.failureText,
              failures: ({ context }) => oneMoreFailure(context.failures),
            }),
          },
        },
      },
      loaded: { on: { 'loader.reload': 'loading' } },
      failed: { after: { retryDelay: 'loading' }, on: { 'loader.reload': 'loading' } },
    },
  })
}

type LoaderSnapshot<TData> = SnapshotFrom<ReturnType<typeof createLoaderMachine<TData>>>

export const selectLoaded = <TData>(snapshot: LoaderSnapshot<TData>) => snapshot.context.data
/** Loading with nothing to show yet (a reload keeps the old data, a retry the failure, on screen). */
export const selectLoading = <TData>(snapshot: LoaderSnapshot<TData>) =>
  snapshot.matches('loading') && snapshot.context.data === undefined && snapshot.context.failure === undefined
export const selectLoadFailure = <TData>(snapshot: LoaderSnapshot<TData>) => snapshot.context.failure

/** How the list shows (skeleton, failure, empty text, rows, rows with a refresh notice). */
export const selectLoaderStatus = <TData extends readonly unknown[]>(
  snapshot: LoaderSnapshot<TData>,
): LoadStatus =>
  loadStatusOf(
    { failures: snapshot.context.failures, settled: snapshot.matches('loaded') },
    (snapshot.context.data?.length ?? 0) > 0,
  )
