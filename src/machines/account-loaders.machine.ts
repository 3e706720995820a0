import type { Transaction } from '../api/transactions'
import type { UserProfile } from '../api/users'
import { createLoaderMachine } from './loader.machine'

/** Spec §8 fetch errors of the account's reads. */
export const accountLoadTexts = {
  transactionsFailed: 'Error fetching transactions!',
  userInfoFailed: 'Error fetching user info!',
} as const

export type TransactionsInput = {
  /** the signed-in player's wallet */
  readonly walletAddress: string
}

/** The credit menu's last transactions (`GET /v1/stockgame/transactions/{walletAddress}`). */
export const transactionsMachine = createLoaderMachine<readonly Transaction[]>({
  id: 'transactions',
  failureText: accountLoadTexts.transactionsFailed,
})
export type TransactionsMachine = typeof transactionsMachine

export type UserInfoInput = {
  readonly userId: number
}

/** The user info dialog's player (`GET /v1/users/{user}`). */
export const userInfoMachine = createLoaderMachine<UserProfile>({
  id: 'userInfo',
  failureText: accountLoadTexts.userInfoFailed,
})
export type UserInfoMachine = typeof userInfoMachine
