import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { SocialProvider } from '../api/oauth'

export interface SocialProvidersContext {
  /** the providers the server offers; none until loaded, none when the call fails */
  readonly providers: readonly SocialProvider[]
}

/**
 * Loads the social sign-in providers the operator configured (`GET /v1/auth/providers`), so the
 * onboarding page shows a button for those and no other. A failure shows none: the form still works.
 */
export const socialProvidersMachine = setup({
  types: {} as { context: SocialProvidersContext },
  actors: {
    loadProviders: fromPromise<readonly SocialProvider[]>(async () => {
      throw new Error('loadProviders is provided by src/actors')
    }),
  },
  actions: {
    storeProviders: assign((_, loaded: { readonly providers: readonly SocialProvider[] }) => ({
      providers: loaded.providers,
    })),
  },
}).createMachine({
  id: 'socialProviders',
  context: { providers: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadProviders',
        onDone: {
          target: 'loaded',
          actions: { type: 'storeProviders', params: ({ event }) => ({ providers: event.output }) },
        },
        onError: 'failed',
      },
    },
    loaded: {},
    failed: {},
  },
})

export type SocialProvidersMachine = typeof socialProvidersMachine

export const selectSocialProviders = (snapshot: SnapshotFrom<SocialProvidersMachine>) =>
  snapshot.context.providers
export const selectProvidersLoading = (snapshot: SnapshotFrom<SocialProvidersMachine>) =>
  snapshot.matches('loading')
