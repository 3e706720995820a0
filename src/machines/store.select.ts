import { type LoadStatus, loadStatusOf } from './load-retry'

/**
 * What a view asks of any store's snapshot (the store machine's, the live stream's): whether its first
 * data is still to come, or the last load failed. Typed loosely so every store machine fits.
 */
interface StoreSnapshotLike {
  readonly value: unknown
}

/** No data to show yet: uninitialized, loading, or (the live stream) waiting for the first prices. */
export const selectStoreLoading = (snapshot: StoreSnapshotLike) =>
  snapshot.value !== 'ready' && snapshot.value !== 'failed'

/** The last load failed (the machine raised its notice; the view shows an error state). */
export const selectStoreFailed = (snapshot: StoreSnapshotLike) => snapshot.value === 'failed'

/**
 * How a store's list shows, given whether it holds anything to show: the one rule of load-retry.ts
 * (stored data shows while the first load runs; a failure with data is a notice above it).
 */
export const selectStoreStatus = (
  snapshot: StoreSnapshotLike & { readonly context: { readonly failures: number } },
  hasData: boolean,
): LoadStatus =>
  loadStatusOf({ failures: snapshot.context.failures, settled: snapshot.value === 'ready' }, hasData)
