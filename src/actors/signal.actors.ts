import { fromPromise } from 'xstate'
import type { UserSkill } from '../api/skill'
import type { LoaderInput } from '../machines/loader.machine'
import type { UserSkillMachine } from '../machines/signal-loaders.machine'
import type { ApiDeps } from './account-screens.actors'

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
