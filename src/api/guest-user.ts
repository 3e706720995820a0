import type { AuthUser } from './users'

/** Spec §9: the id of the user nobody is signed in as. */
export const guestUserId = -1

/** Spec §3 "Guest user placeholder": who the client holds while nobody is signed in. */
export interface GuestUser {
  readonly id: typeof guestUserId
  readonly username: 'guest'
  /** no token: a guest never authorizes a socket */
  readonly websocketCredentials: string
  readonly rank: 0
  readonly liveRank: 0
  readonly taggedMessages: readonly []
  readonly wallets: readonly []
  /** the spec's wallet shape; the server never sends a private key, so it stays empty */
  readonly wallet: {
    readonly privkey: string
    readonly address: string
    readonly balance: number
    readonly createdAt: number
  }
  readonly accessToken: string
  readonly rewardFactor: 0
}

export const guestUser: GuestUser = Object.freeze({
  id: guestUserId,
  username: 'guest',
  websocketCredentials: '',
  rank: 0,
  liveRank: 0,
  taggedMessages: [] as const,
  wallets: [] as const,
  wallet: Object.freeze({ privkey: '', address: '', balance: 0, createdAt: 0 }),
  accessToken: '',
  rewardFactor: 0,
})

/** The signed-in player, or the guest placeholder. */
export type SessionUser = AuthUser | GuestUser

/** Spec §4 "Login": logged in means the user id differs from -1. */
export const isLoggedInUser = (user: { readonly id: number }): user is AuthUser => user.id !== guestUserId
