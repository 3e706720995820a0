import { serviceWorkerMachine } from '../../src/machines/service-worker.machine'
import { serviceWorkerNotices } from '../../src/machines/service-worker.types'
import { type Output, type PathModel, stateName } from './paths'

export const registrationFailure = new Error('SecurityError: the script has an unsupported MIME type')
export const checkFailure = new TypeError('Failed to fetch')

const registrationFailed: Output = { notice: serviceWorkerNotices.registrationFailed }

export const serviceWorkerModel: PathModel = {
  name: 'serviceWorker',
  summary:
    "The installable app's service worker (spec §2 Settings 'Check for update', §8): registered at start, checked when the player asks, a new version waits until the player applies it and the page reloads; a failed registration shows its notice.",
  machine: serviceWorkerMachine,
  input: { supported: true },
  // pressed or told where they mean nothing: no check while one runs or an update waits, no second apply
  ignoredEvents: ['serviceWorker.check', 'serviceWorker.apply', 'serviceWorker.waiting'],
  events: [
    { type: 'serviceWorker.check' },
    { type: 'serviceWorker.apply' },
    { type: 'serviceWorker.waiting' },
    { type: 'serviceWorker.controlling' },
    { type: 'serviceWorker.reload' },
    { type: 'xstate.done.actor.register' },
    { type: 'xstate.error.actor.register', error: registrationFailure },
    { type: 'xstate.done.actor.checkForUpdate', output: { updateFound: true } },
    { type: 'xstate.done.actor.checkForUpdate', output: { updateFound: false } },
    { type: 'xstate.error.actor.checkForUpdate', error: checkFailure },
  ],
  // written out: what each step registers, checks, messages, reloads and shows
  expectedOutputs: ({ from, event, to }) => {
    const at = from && stateName(from)
    const now = stateName(to)
    if (event.type === 'serviceWorker.reload') return [{ action: 'reload' }]
    if (event.type === 'xstate.init') return [{ call: 'watchServiceWorker' }, { call: 'register' }]
    if (event.type === 'xstate.error.actor.register') return [registrationFailed, { action: 'stopWatching' }]
    if (event.type === 'serviceWorker.check' && at !== now) return [{ call: 'checkForUpdate' }]
    if (event.type === 'serviceWorker.apply' && at === 'active.updateAvailable')
      return [{ action: 'messageSkipWaiting' }]
    if (now === 'active.reloading' && at === 'active.applying') return [{ action: 'reload' }]
    return []
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'serviceWorker.check':
        return "the player presses 'Check for update'"
      case 'serviceWorker.apply':
        return 'the player applies the update'
      case 'serviceWorker.waiting':
        return 'a new version is installed and waits'
      case 'serviceWorker.controlling':
        return 'the new version controls the page'
      case 'serviceWorker.reload':
        return "the player presses 'Reload'"
      case 'xstate.done.actor.register':
        return 'the registration succeeds'
      case 'xstate.error.actor.register':
        return 'the registration fails'
      case 'xstate.done.actor.checkForUpdate':
        return (event.output as { updateFound: boolean }).updateFound
          ? 'the check finds a new version'
          : 'the check finds none'
      case 'xstate.error.actor.checkForUpdate':
        return 'the check cannot reach the server'
      default:
        return undefined
    }
  },
}
