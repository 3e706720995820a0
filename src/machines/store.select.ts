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
