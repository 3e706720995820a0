import { fromPromise } from 'xstate'
import { type AuthorDetail, type AuthorsPage, authorsPageMax } from '../api/authors'
import type { UserSkill } from '../api/skill'
import type { AuthorScoresMachine } from '../machines/author-scores.machine'
import type { LoaderInput } from '../machines/loader.machine'
import type {
  AuthorDetailMachine,
  AuthorsBoardMachine,
  UserSkillMachine,
} from '../machines/signal-loaders.machine'
import type { ApiDeps } from './account-screens.actors'

/** Leaderboard rows per page of the authors' screen. */
export const authorsBoardPageSize = 20

/** A player's skill, by id. */
export function provideUserSkill(machine: UserSkillMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      // input: UserSkillInput
      load: fromPromise<UserSkill, LoaderInput>(({ input, signal }) =>
        api.call('userSkill', { params: { user: String(input.userId) }, signal }),
      ),
    },
  })
}

/** One page of the authors' leaderboard, by score. */
export function provideAuthorsBoard(machine: AuthorsBoardMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      // input: AuthorsBoardInput
      load: fromPromise<AuthorsPage, LoaderInput>(({ input, signal }) =>
        api.call('authors', {
          query: { sort: 'score', limit: authorsBoardPageSize, offset: Number(input.offset) },
          signal,
        }),
      ),
    },
  })
}

/** An author's page. */
export function provideAuthorDetail(machine: AuthorDetailMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      // input: AuthorDetailInput
      load: fromPromise<AuthorDetail, LoaderInput>(({ input, signal }) =>
        api.call('author', { params: { username: String(input.username) }, signal }),
      ),
    },
  })
}

/** The badges' scores: the leaderboard's largest first page. */
export function provideAuthorScores(machine: AuthorScoresMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      load: fromPromise<AuthorsPage>(({ signal }) =>
        api.call('authors', { query: { sort: 'judged', limit: authorsPageMax, offset: 0 }, signal }),
      ),
    },
  })
}
