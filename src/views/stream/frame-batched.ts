import type { Observer, Subscription } from 'xstate'
import type { Readable } from '~/actors/readable'

/** Runs `flush` once, on the first frame after `waitMs` (a timer where there are no frames). */
export type FrameScheduler = (flush: () => void, waitMs: number) => void

/**
 * The live stream's views take the stream and the prices at most this often: 10 updates a second
 * instead of one per message (50 a second) and per tick (200). Each update costs a React commit and a
 * style, layout and paint of the page, whatever it holds; a batch of 5 messages costs little more
 * than one.
 */
export const feedBatchMs = 100

const onFrame = (flush: () => void) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush)
  else setTimeout(flush, 16)
}

const nextFrame: FrameScheduler = (flush, waitMs) => {
  if (waitMs > 0) setTimeout(() => onFrame(flush), waitMs)
  else onFrame(flush)
}

export interface BatchClockOptions {
  /** @default feedBatchMs */
  readonly intervalMs?: number
  /** @default the next animation frame after the wait */
  readonly schedule?: FrameScheduler
  /** @default performance.now */
  readonly now?: () => number
}

/** Asks for `flush` to run with the next batch. */
export type BatchClock = (flush: () => void) => void

/**
 * When batches are taken: at most once per `intervalMs`, on an animation frame, all readings of the
 * clock together, so the stream's and the prices' changes are one React update (an update between
 * would interrupt the feed's deferred render, which then starts again). A change after a quiet spell
 * is taken at the next frame.
 */
export function batchClock({
  intervalMs = feedBatchMs,
  schedule = nextFrame,
  now = () => performance.now(),
}: BatchClockOptions = {}): BatchClock {
  const due = new Set<() => void>()
  let scheduled = false
  let last = Number.NEGATIVE_INFINITY
  const run = () => {
    scheduled = false
    last = now()
    const flushes = [...due]
    due.clear()
    for (const flush of flushes) flush()
  }
  return (flush) => {
    due.add(flush)
    if (scheduled) return
    scheduled = true
    schedule(run, Math.max(0, last + intervalMs - now()))
  }
}

const notifyOf = <T>(observer: Observer<T> | ((snapshot: T) => void)) =>
  typeof observer === 'function' ? observer : (snapshot: T) => observer.next?.(snapshot)

/**
 * An actor read in batches (`batchClock`): its views hear of the changes of a batch together, as one
 * React update, instead of one update per change. Between two batches `getSnapshot` keeps answering
 * the snapshot the views were last told of, so a row mounted meanwhile reads the same one as its
 * neighbours. Unread (no view subscribed), it answers the actor's own snapshot.
 */
export function frameBatched<TSnapshot>(actor: Readable<TSnapshot>, clock: BatchClock): Readable<TSnapshot> {
  const listeners = new Set<(snapshot: TSnapshot) => void>()
  let told = actor.getSnapshot()
  let source: Subscription | undefined
  const flush = () => {
    if (listeners.size === 0) return
    const next = actor.getSnapshot()
    if (next === told) return
    told = next
    for (const listener of [...listeners]) listener(next)
  }
  return {
    getSnapshot: () => (listeners.size === 0 ? actor.getSnapshot() : told),
    subscribe(observer) {
      if (listeners.size === 0) {
        told = actor.getSnapshot()
        source = actor.subscribe(() => clock(flush))
      }
      const listener = notifyOf(observer)
      listeners.add(listener)
      return {
        unsubscribe() {
          listeners.delete(listener)
          if (listeners.size > 0) return
          source?.unsubscribe()
          source = undefined
        },
      }
    },
  }
}

const shared = new WeakMap<object, Readable<unknown>>()
const feedClock = batchClock()

/**
 * The one batched reading of `actor` that all its views share (one subscription to the actor), on
 * the clock all the live stream's readings share.
 */
export function batched<TSnapshot>(actor: Readable<TSnapshot>): Readable<TSnapshot> {
  let reading = shared.get(actor) as Readable<TSnapshot> | undefined
  if (!reading) {
    reading = frameBatched(actor, feedClock)
    shared.set(actor, reading as Readable<unknown>)
  }
  return reading
}
