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
}

export type StoreEvent =
  /** loads when logged in; ignored once initialized unless forced */
  | { readonly type: 'store.initialize'; readonly force?: boolean }
  /** back to uninitialized with the initial data */
  | { readonly type: 'store.reset' }
  /** the signed-in state changed (the auth machine tells every store); logging out resets the store */
  | { readonly type: 'session.changed'; readonly loggedIn: boolean }

export interface StoreOptions<TData> {
  /** machine id, e.g. 'recentChampions' */
  readonly id: string
  /** what the store holds before its first load and after a reset */
  readonly initialData: TData
  /** turns what `loadStore` resolved to into the store's data (sorting, filtering) @default identity */
  readonly toData?: (loaded: TData) => TData
}
