import type { UserSkill } from '../api/skill'
import { createLoaderMachine } from './loader.machine'

/** Spec §8-style fetch errors of the skill and author-signal reads. */
export const signalLoadTexts = {
  skillFailed: 'Error fetching skill!',
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
