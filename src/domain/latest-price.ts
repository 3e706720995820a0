/**
 * A title's newest last price: the socket's (`live`) when it is at least as new as the loaded tick,
 * else the tick's, else `fallback` (the price the fundamentals were computed at).
 */
export function newestPrice(
  live: { readonly price: number; readonly at: number } | undefined,
  tick: { readonly l: number; readonly t: number } | undefined,
  fallback: number,
): number {
  if (live && (!tick || live.at >= tick.t)) return live.price
  return tick?.l ?? fallback
}

/** A title's last price (`l` of its newest tick) and when that tick was. */
export interface LatestPrice {
  readonly price: number
  /** epoch ms */
  readonly at: number
  /** the close before the latest session, when the market data gives it */
  readonly previousClose?: number
}

/** A tick as far as prices go: the pushed tick's `t`, the subscribe answer's `tl`. */
export interface PriceTick {
  readonly id: number
  readonly l: number
  readonly t: number
  /** previous close */
  readonly pc?: number
}

/**
 * The latest price per title id, immutable and cheap to change: the titles are spread over small
 * buckets, and a tick copies the list of buckets and its own bucket, not all the prices (a copy of
 * all 120 per tick, at 200 ticks a second, made most of the page's garbage).
 */
export interface PriceBook {
  readonly buckets: readonly (ReadonlyMap<number, LatestPrice> | undefined)[]
}

const bucketCount = 32
const bucketOf = (titleId: number) => ((titleId % bucketCount) + bucketCount) % bucketCount

export const emptyPriceBook: PriceBook = { buckets: Array.from({ length: bucketCount }, () => undefined) }

/** The title's latest price, if it has one. */
export const priceIn = (book: PriceBook, titleId: number): LatestPrice | undefined =>
  book.buckets[bucketOf(titleId)]?.get(titleId)

/** Every title's latest price (in no particular order). */
export function* pricesIn(book: PriceBook): Generator<[number, LatestPrice]> {
  for (const bucket of book.buckets) if (bucket) yield* bucket
}

/**
 * The book with the ticks that are at least as new as the title's known price (an older tick never
 * replaces a newer one); the same book when none is.
 */
export function withTicks(book: PriceBook, ticks: readonly PriceTick[]): PriceBook {
  let buckets: (ReadonlyMap<number, LatestPrice> | undefined)[] | undefined
  const copied = new Map<number, Map<number, LatestPrice>>()
  for (const tick of ticks) {
    const index = bucketOf(tick.id)
    const known = (copied.get(index) ?? book.buckets[index])?.get(tick.id)
    if (known && known.at > tick.t) continue
    buckets ??= [...book.buckets]
    let bucket = copied.get(index)
    if (!bucket) {
      bucket = new Map(book.buckets[index])
      copied.set(index, bucket)
      buckets[index] = bucket
    }
    // a tick without a previous close (a provider's) keeps the one known
    const previousClose = tick.pc ?? known?.previousClose
    bucket.set(
      tick.id,
      previousClose === undefined
        ? { price: tick.l, at: tick.t }
        : { price: tick.l, at: tick.t, previousClose },
    )
  }
  return buckets ? { buckets } : book
}
