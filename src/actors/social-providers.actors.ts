import { fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import type { SocialProvider } from '../api/oauth'
import type { SocialProvidersMachine } from '../machines/social-providers.machine'

/** GET /v1/auth/providers. */
export function provideSocialProviders(machine: SocialProvidersMachine, deps: { readonly api: ApiClient }) {
  return machine.provide({
    actors: {
      loadProviders: fromPromise<readonly SocialProvider[]>(async ({ signal }) => {
        const { providers } = await deps.api.call('authProviders', { signal })
        return providers
      }),
    },
  })
}
