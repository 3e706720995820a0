import type { AuthorDetail, AuthorsPage } from '../api/authors'
import type { UserSkill } from '../api/skill'
import { createLoaderMachine } from './loader.machine'

/** Spec §8-style fetch errors of the skill and author-signal reads. */
export const signalLoadTexts = {
  skillFailed: 'Error fetching skill!',
  authorsFailed: 'Error fetching authors!',
  authorFailed: 'Error fetching the author!',
} as const

export type UserSkillInput = {
  readonly userId: number
}

/** A player's skill (`GET /v1/users/{user}/skill`): the user info dialog and the rankings' skill column. */
export const userSkillMachine = createLoaderMachine<UserSkill>({
  id: 'userSkill',
  failureText: signalLoadTexts.skillFailed,
})
export type UserSkillMachine = typeof userSkillMachine

export type AuthorsBoardInput = {
  readonly offset: number
}

/** One page of the authors' leaderboard (`GET /v1/stockgame/authors?sort=score`). */
export const authorsBoardMachine = createLoaderMachine<AuthorsPage>({
  id: 'authorsBoard',
  failureText: signalLoadTexts.authorsFailed,
})
export type AuthorsBoardMachine = typeof authorsBoardMachine

export type AuthorDetailInput = {
  /** the handle, without '@' */
  readonly username: string
}

/** An author's page (`GET /v1/stockgame/authors/{username}`). */
export const authorDetailMachine = createLoaderMachine<AuthorDetail>({
  id: 'authorDetail',
  failureText: signalLoadTexts.authorFailed,
})
export type AuthorDetailMachine = typeof authorDetailMachine
