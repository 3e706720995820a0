import type { AnyEventObject } from 'xstate'
import type { Champion } from '../../src/domain/champions'
import { recentChampionsMachine } from '../../src/machines/recent-champions.machine'
import type { StoreContext } from '../../src/machines/store.types'
import { type PathModel, stateName } from './paths'

/** Last week's ranking as the loader gets it: out of order, with a tie and a fourth place. */
export const lastWeek: Champion[] = [
  { rank: 3, userId: 7, username: 'carol', points: 4 },
  { rank: 1, userId: 5, username: 'alice', points: 12 },
  { rank: 4, userId: 9, username: 'dave', points: 1 },
  { rank: 2, userId: 6, username: 'bob', points: 8 },
]
export const loadFailure = new Error('rankings unavailable')

const isLoggedInAfter = (history: readonly AnyEventObject[]) =>
  history.findLast((event) => event.type === 'session.changed')?.loggedIn === true

export const storeModel: PathModel = {
  name: 'store',
  summary:
    'The store lifecycle (spec §4 "Stores") as the recent-champions store uses it: loads only when logged in, a second initialize ignored unless forced, reset back to the three rank placeholders.',
  machine: recentChampionsMachine,
  input: { loggedIn: false },
  // initialize while loading waits for the running load
  ignoredEvents: ['store.initialize'],
  events: [
    { type: 'store.initialize' },
    { type: 'store.initialize', force: true },
    { type: 'store.reset' },
    { type: 'session.changed', loggedIn: true },
    { type: 'session.changed', loggedIn: false },
    { type: 'xstate.done.actor.loadStore', output: lastWeek },
    { type: 'xstate.error.actor.loadStore', error: loadFailure },
  ],
  // spec §4, written out: a load starts only when logged in, on the first initialize or a forced one
  expectedOutputs: ({ from, event, history }) => {
    if (event.type !== 'store.initialize' || !from || !isLoggedInAfter(history)) return []
    const at = stateName(from)
    const loads = at === 'uninitialized' || at === 'failed' || (at === 'ready' && event.force === true)
    return loads ? [{ call: 'loadStore' }] : []
  },
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
    ]
    return `${String(snapshot.value)} (${facts.join(', ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'store.initialize':
        return event.force ? 'initialize (forced)' : 'initialize'
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
