import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { AuthorScoreEntry, AuthorsPage } from '../api/authors'
import { oneMoreFailure, retryDelayMs } from './load-retry'

/** How often the badges' scores are read again: the server counts them once a minute, they move slowly. */
export const authorScoresRefreshMs = 5 * 60_000

export interface AuthorScoresContext {
  /** by handle, lower case (handles are not case-sensitive) */
  readonly byHandle: ReadonlyMap<string, AuthorScoreEntry>
  readonly failures: number
}

/**
 * The scores the message cards' badges read: the top of the leaderboard (one page), loaded at start and
 * again every few minutes; a failed read keeps the last scores (a badge is a hint, never a blocker) and
 * tries again after a growing delay. `load` is provided by src/actors.
 */
export const authorScoresMachine = setup({
  types: {} as { context: AuthorScoresContext },
  actors: {
    load: fromPromise<AuthorsPage>(async () => {
      throw new Error('authorScores: load is provided by src/actors')
    }),
  },
  delays: {
    refreshDelay: authorScoresRefreshMs,
    retryDelay: ({ context }) => retryDelayMs(context.failures),
  },
}).createMachine({
  id: 'authorScores',
  context: { byHandle: new Map(), failures: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: {
          target: 'loaded',
          actions: assign({
            byHandle: ({ event }) =>
              new Map(event.output.authors.map((entry) => [entry.author.toLowerCase(), entry])),
            failures: 0,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ failures: ({ context }) => oneMoreFailure(context.failures) }),
        },
      },
    },
    loaded: { after: { refreshDelay: 'loading' } },
    failed: { after: { retryDelay: 'loading' } },
  },
})
export type AuthorScoresMachine = typeof authorScoresMachine

/** An author's score by handle ('@' optional), if the scores are loaded and the author is among them. */
export const selectAuthorScore = (snapshot: SnapshotFrom<AuthorScoresMachine>, handle: string) =>
  snapshot.context.byHandle.get(handle.replace(/^@/, '').toLowerCase())
