import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Champion } from '../../src/domain/champions'
import { recentChampionsMachine } from '../../src/machines/recent-champions.machine'
import type { StoreContext } from '../../src/machines/store.types'
import { isAfterEvent, type PathModel, stateName } from './paths'

/** Last week's ranking as the loader gets it: out of order, with a tie and a fourth place. */
export const lastWeek: Champion[] = [
  { rank: 3, userId: 7, username: 'carol', points: 4 },
  { rank: 1, userId: 5, username: 'alice', points: 12 },
  { rank: 4, userId: 9, username: 'dave', points: 1 },
  { rank: 2, userId: 6, username: 'bob', points: 8 },
]
export const loadFailure = new Error('rankings unavailable')

const isLoggedInAfter = (history: readonly AnyEventObject[], atStart: boolean) =>
  history.findLast((event) => event.type === 'session.changed')?.loggedIn ?? atStart

/**
 * Spec §4, written out: a load starts only when logged in, on the first initialize or a forced one;
 * after a failure also on Retry and when the background retry's delay has passed.
 */
export function storeLoads(
  from: AnyMachineSnapshot | undefined,
  event: AnyEventObject,
  history: readonly AnyEventObject[],
  loggedInAtStart = false,
): boolean {
  if (!from || !isLoggedInAfter(history, loggedInAtStart)) return false
  const at = stateName(from)
  if (event.type === 'store.initialize')
    return at === 'uninitialized' || at === 'failed' || (at === 'ready' && event.force === true)
  return at === 'failed' && (event.type === 'store.retry' || isAfterEvent(event))
}

export const storeModel: PathModel = {
  name: 'store',
  summary:
    'The store lifecycle (spec §4 "Stores") as the recent-champions store uses it: loads only when logged in, a second initialize ignored unless forced, a failed load retried in the background after 2, 10, then 60 s (or at once on Retry) keeping its data, reset back to the three rank placeholders.',
  machine: recentChampionsMachine,
  input: { loggedIn: false },
  // initialize while loading waits for the running load; Retry means nothing unless the load failed
  ignoredEvents: ['store.initialize', 'store.retry'],
  events: [
    { type: 'store.initialize' },
    { type: 'store.retry' },
    { type: 'store.initialize', force: true },
    { type: 'store.reset' },
    { type: 'session.changed', loggedIn: true },
    { type: 'session.changed', loggedIn: false },
    { type: 'xstate.done.actor.loadStore', output: lastWeek },
    { type: 'xstate.error.actor.loadStore', error: loadFailure },
  ],
  expectedOutputs: ({ from, event, history }) =>
    storeLoads(from, event, history) ? [{ call: 'loadStore' }] : [],
  // a session change to the value it already has teaches nothing
  filterEvents: (snapshot, event) =>
    event.type !== 'session.changed' ||
    event.loggedIn !== (snapshot.context as StoreContext<unknown>).loggedIn,
  describeState: (snapshot) => {
    const context = snapshot.context as StoreContext<readonly Champion[]>
    const facts = [
      context.loggedIn ? 'logged in' : 'logged out',
      context.data.some((champion) => champion.userId !== undefined) ? 'champions' : 'placeholders',
      ...(context.error ? ['load failed'] : []),
      ...(context.failures ? [`${context.failures} failed in a row`] : []),
    ]
    return `${String(snapshot.value)} (${facts.join(', ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'store.initialize':
        return event.force ? 'initialize (forced)' : 'initialize'
      case 'store.retry':
        return 'Retry'
      case 'store.reset':
        return 'reset'
      case 'session.changed':
        return event.loggedIn ? 'the user logs in' : 'the user logs out'
      case 'xstate.done.actor.loadStore':
        return "last week's ranking arrives"
      case 'xstate.error.actor.loadStore':
        return 'loading fails'
      default:
        return undefined
    }
  },
}
