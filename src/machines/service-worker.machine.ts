import { fromCallback, fromPromise, setup } from 'xstate'
import type { Notice } from './notices'
import {
  applyTimeoutMs,
  type ServiceWorkerContext,
  type ServiceWorkerEvent,
  type ServiceWorkerInput,
  serviceWorkerNotices,
  type UpdateCheck,
} from './service-worker.types'

const notProvided = (name: string) => () => {
  throw new Error(`${name} is provided by src/actors`)
}

/**
 * The installable app's service worker (spec §2 Settings 'Check for update'; §8 'Error during service
 * worker registration'): registered once, checked for a new version when the player asks, and a new
 * version (found by a check or by the browser) waits until the player applies it, which reloads the page.
 */
export const serviceWorkerMachine = setup({
  types: {} as {
    context: ServiceWorkerContext
    events: ServiceWorkerEvent
    input: ServiceWorkerInput | undefined
  },
  actors: {
    /** registers /sw.js */
    register: fromPromise<void>(notProvided('register')),
    /** asks the browser to fetch sw.js again; finishes once a new worker is installed or none came */
    checkForUpdate: fromPromise<UpdateCheck>(notProvided('checkForUpdate')),
    /** the registration's news as `serviceWorker.waiting` and `serviceWorker.controlling` */
    watchServiceWorker: fromCallback(notProvided('watchServiceWorker')),
  },
  guards: {
    isSupported: ({ context }) => context.supported,
    isUpdateFound: (_, check: { readonly output: UpdateCheck | undefined }) =>
      check.output?.updateFound === true,
  },
  delays: { applyTimeout: applyTimeoutMs },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** tells the waiting worker to take over */
    messageSkipWaiting: () => {},
    reload: () => {},
  },
}).createMachine({
  id: 'serviceWorker',
  context: ({ input }) => ({ supported: input?.supported ?? false }),
  initial: 'starting',
  // a plain reload whatever the state, also without service worker support
  on: { 'serviceWorker.reload': { actions: 'reload' } },
  states: {
    starting: {
      always: [{ guard: 'isSupported', target: 'active' }, { target: 'unsupported' }],
    },
    unsupported: {},
    active: {
      // watching starts before registering: a worker left waiting by an earlier visit is told at once
      invoke: { id: 'watchServiceWorker', src: 'watchServiceWorker' },
      initial: 'registering',
      states: {
        registering: {
          invoke: { id: 'register', src: 'register', onDone: 'idle', onError: '#serviceWorker.failed' },
          on: { 'serviceWorker.waiting': 'updateAvailable' },
        },
        idle: {
          tags: 'canCheck',
          on: { 'serviceWorker.check': 'checking', 'serviceWorker.waiting': 'updateAvailable' },
        },
        checking: {
          invoke: {
            id: 'checkForUpdate',
            src: 'checkForUpdate',
            onDone: [
              {
                guard: { type: 'isUpdateFound', params: ({ event }) => ({ output: event.output }) },
                target: 'updateAvailable',
              },
              { target: 'upToDate' },
            ],
            onError: 'checkFailed',
          },
          on: { 'serviceWorker.waiting': 'updateAvailable' },
        },
        upToDate: {
          tags: 'canCheck',
          on: { 'serviceWorker.check': 'checking', 'serviceWorker.waiting': 'updateAvailable' },
        },
        checkFailed: {
          tags: 'canCheck',
          on: { 'serviceWorker.check': 'checking', 'serviceWorker.waiting': 'updateAvailable' },
        },
        updateAvailable: {
          on: { 'serviceWorker.apply': 'applying' },
        },
        applying: {
          entry: 'messageSkipWaiting',
          // the page reloads once the new worker controls it, or anyway if it never says so
          on: { 'serviceWorker.controlling': 'reloading' },
          after: { applyTimeout: 'reloading' },
        },
        reloading: {
          entry: 'reload',
        },
      },
    },
    failed: {
      entry: { type: 'notify', params: serviceWorkerNotices.registrationFailed },
    },
  },
})

export type ServiceWorkerMachine = typeof serviceWorkerMachine
