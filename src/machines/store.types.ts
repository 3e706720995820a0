import type { AnyStateMachine, EventObject } from 'xstate'

export interface StoreInput {
  /** whether a user is signed in when the store starts @default false */
  readonly loggedIn?: boolean
}

export interface StoreContext<TData> {
  /** what the store holds: its initial data until the first load, kept while it reloads */
  readonly data: TData
  readonly loggedIn: boolean
  /** why the last load failed */
  readonly error?: unknown
  /** failed loads in a row (saturating, see load-retry.ts): how long the next background retry waits */
  readonly failures: number
  /** the running children (stores with `children`): id -> the key of what each was last told */
  readonly childKeys?: Readonly<Record<string, string>>
}

export type StoreEvent =
  /** loads when logged in; ignored once initialized unless forced */
  | { readonly type: 'store.initialize'; readonly force?: boolean }
  /** loads again after a failure (the view's Retry button), before the background retry would */
  | { readonly type: 'store.retry' }
  /** back to uninitialized with the initial data */
  | { readonly type: 'store.reset' }
  /** the signed-in state changed (the auth machine tells every store); logging out resets the store */
  | { readonly type: 'session.changed'; readonly loggedIn: boolean }

/** A persisted store's data as local storage kept it, told before the first load (src/actors reads it). */
export interface StoreRestoredEvent<TData> {
  readonly type: 'store.restored'
  readonly data: TData
}

/** Why a store goes back to its initial data. */
export type StoreClearReason = 'reset' | 'logout'

/** Pure updates of the data by further events a store takes in every state (a bet placed, a clock tick). */
export type StoreUpdates<TData, TEvent extends EventObject> = {
  readonly [K in TEvent['type']]: (data: TData, event: Extract<TEvent, { type: K }>) => TData
}

/** What one child of a store is started with, and what tells whether it needs telling again. */
export interface StoreChild {
  readonly input: unknown
  /** equal keys mean nothing the child cares about changed (the input may still differ: a clock) */
  readonly key: string
}

/**
 * One actor per item of a store's data (a poll's lifecycle): a child of the store under the item's id
 * (the inspector lists it there), spawned when the item comes, told when its key changes, stopped
 * when the item goes. No system id: a store's items are its own, and the path traversal spawns
 * the same item again on every branch it explores.
 */
export interface StoreChildren<TData> {
  /** the lifecycle each item runs (as the store provides it: its reports reach the store) */
  readonly logic: AnyStateMachine
  /** the items the data holds: child id -> its input and key */
  readonly of: (data: TData) => ReadonlyMap<string, StoreChild>
  /** the event a running child gets when its key changed */
  readonly changed: (input: unknown) => EventObject
}

export interface StoreOptions<TData, TLoaded = TData, TEvent extends EventObject = never> {
  /** machine id, e.g. 'recentChampions' */
  readonly id: string
  /** what the store holds before its first load and after a reset */
  readonly initialData: TData
  /**
   * turns what `loadStore` resolved to into the store's data (sorting, filtering, merging with what the
   * store keeps across loads) @default the loaded value
   */
  readonly toData?: (loaded: TLoaded, data: TData) => TData
  /**
   * the data after a reset or a logout, for stores that keep something across them (the clock, the
   * known titles) @default the initial data
   */
  readonly clear?: (data: TData, reason: StoreClearReason) => TData
  /** further events and how each changes the data */
  readonly updates?: StoreUpdates<TData, TEvent>
  /**
   * the updates whose change is not saved (what the children report: the stored data leaves it out)
   * @default none
   */
  readonly unsaved?: readonly TEvent['type'][]
  /**
   * spawns the `saveStore` actor with the data after every change (load, update, reset), for stores
   * kept in local storage; such a store takes `store.restored` until its first load ends @default false
   */
  readonly persist?: boolean
  /** how restored data joins what the store holds (its clock, its titles) @default the restored data */
  readonly restore?: (data: TData, restored: TData) => TData
  /** an actor per item of the data, kept in step with it after every change @default none */
  readonly children?: StoreChildren<TData>
}
