import type { Observer, Subscription } from 'xstate'

/**
 * What reads an actor's snapshot, now and on every change: `useSelector` in the views, and the actors
 * that watch a store (live-feed.actors.ts). An actor is one; so is a batched reading of one
 * (src/views/stream/frame-batched.ts).
 */
export interface Readable<TSnapshot> {
  getSnapshot(): TSnapshot
  subscribe(observer: Observer<TSnapshot> | ((snapshot: TSnapshot) => void)): Subscription
}
