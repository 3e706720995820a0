import { type ActorRefFrom, fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import type { Settings } from '../api/settings'
import type { SessionMachine } from '../machines/session.machine'
import type { WelcomeMachine } from '../machines/welcome.machine'
import type { Navigator } from './navigation'

export interface WelcomeDeps {
  readonly api: ApiClient
  readonly navigate: Navigator
  readonly session: ActorRefFrom<SessionMachine>
}

/** PATCH /v1/users/me/settings {isFirstTimeUser: false}; the session hears the saved settings. */
export function provideWelcome(machine: WelcomeMachine, deps: WelcomeDeps) {
  return machine.provide({
    actors: {
      saveSettings: fromPromise<Settings>(({ signal }) =>
        deps.api.call('patchSettings', { params: { user: 'me' }, body: { isFirstTimeUser: false }, signal }),
      ),
    },
    actions: {
      settingsSaved: (_, settings: Settings) =>
        deps.session.send({ type: 'session.settingsChanged', settings }),
      goTo: (_, path: string) => deps.navigate.go(path, { replace: true }),
    },
  })
}
