import { assign, fromPromise, setup } from 'xstate'
import { sameAppPath } from '../domain/same-app-path'
import type { Settings, WelcomeContext, WelcomeEvent, WelcomeInput } from './welcome.types'

const last = (context: WelcomeContext) => context.slides - 1
const clamp = (slide: number, context: WelcomeContext) => Math.min(Math.max(slide, 0), last(context))

/**
 * Spec §2 /welcome: the first-time slides and 'Let's play!', which saves isFirstTimeUser=false, tells the
 * session (so the route guard lets the player go) and then goes to `next`.
 */
export const welcomeMachine = setup({
  types: {} as { context: WelcomeContext; events: WelcomeEvent; input: WelcomeInput },
  actors: {
    /** PATCH the settings with isFirstTimeUser false; resolves to the saved settings */
    saveSettings: fromPromise<Settings>(async () => {
      throw new Error('saveSettings is provided by src/actors')
    }),
  },
  guards: {
    isLastSlide: ({ context }) => context.slide === last(context),
  },
  actions: {
    showNext: assign({ slide: ({ context }) => clamp(context.slide + 1, context) }),
    showPrevious: assign({ slide: ({ context }) => clamp(context.slide - 1, context) }),
    showSlide: assign({
      slide: ({ context, event }) =>
        event.type === 'welcome.show' ? clamp(event.slide, context) : context.slide,
    }),
    clearError: assign({ error: undefined }),
    storeError: assign({ error: 'Error saving settings' }),
    /** hands the saved settings to the session */
    settingsSaved: (_, _settings: Settings) => {},
    goTo: (_, _path: string) => {},
  },
}).createMachine({
  id: 'welcome',
  context: ({ input }) => ({
    slides: Math.max(1, input.slides),
    slide: 0,
    next: sameAppPath(input.next) ?? '/',
  }),
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'welcome.next': { actions: 'showNext' },
        'welcome.previous': { actions: 'showPrevious' },
        'welcome.show': { actions: 'showSlide' },
        'welcome.finish': { guard: 'isLastSlide', target: 'saving', actions: 'clearError' },
      },
    },
    saving: {
      invoke: {
        src: 'saveSettings',
        onDone: {
          target: 'done',
          // the session first: with isFirstTimeUser still set the guard would send the player back here
          actions: [
            { type: 'settingsSaved', params: ({ event }) => event.output },
            { type: 'goTo', params: ({ context }) => context.next },
          ],
        },
        onError: { target: 'browsing', actions: 'storeError' },
      },
    },
    done: { type: 'final' },
  },
})

export type WelcomeMachine = typeof welcomeMachine
