/**
 * Title ids of the default watch list (Amazon, Apple, Tesla, Bitcoin). The instrument universe owns
 * these ids; they are fixed here because new accounts are created with them.
 */
export const titleIds = {
  apple: 2494,
  amazon: 2517,
  tesla: 2793,
  bitcoin: 99979,
} as const

export const defaultWatchList: readonly number[] = [
  titleIds.amazon,
  titleIds.apple,
  titleIds.tesla,
  titleIds.bitcoin,
]
