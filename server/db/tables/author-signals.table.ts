/** Who wrote each stream message; kept after the message is pruned (see 0015-author-signals). */
export interface MessageAuthorsTable {
  messageId: string
  /** the author's handle (twitter_user.screen_name) */
  author: string
  /** epoch ms of the message */
  createdAt: number
}

/**
 * Each author's messages judged by the crowd and the price, refreshed by the author-score job: a message
 * (per title) is judged when its judged predictions have a majority direction, and proved right when most
 * of that majority's predictions were correct.
 */
export interface AuthorScoresTable {
  author: string
  judged: number
  provedRight: number
}

/** How far (in due time) the author-score job has counted the evaluated predictions: one row, id 1. */
export interface AuthorScoreProgressTable {
  id: number
  countedTo: number
}

/** A decided (message, title)'s verdict as the author scores count it (undecided ones have no row). */
export interface MessageVerdictsTable {
  messageId: string
  titleId: number
  verdict: 'right' | 'wrong'
}

/** Messages whose verdicts the author-score job counts again: predictions gone with an account, or judged late. */
export interface AuthorScoreRecountsTable {
  messageId: string
}
