import type { AnyEventObject } from 'xstate'
import { pollLifecycleMachine } from '../../src/machines/poll-lifecycle.machine'
import type { PollLifecycleContext } from '../../src/machines/poll-lifecycle.types'
import { isAfterEvent, type Output, type PathModel, stateName } from './paths'

const hour = 3_600_000

/** A poll told at its start: betting closes after 2 h, the price decides it 4 h later. */
export const pollInput: PollLifecycleContext = {
  pollId: 1,
  endTime: 2 * hour,
  evalTime: 6 * hour,
  settled: false,
  now: 0,
}

const told = (now: number, settled = false) => ({ type: 'poll.changed', ...pollInput, now, settled })

export const pollLifecycleEvents = {
  /** the clock jumped into the closed phase (a sleeping tab, a narrowed offset) */
  jumpToClosed: told(3 * hour),
  /** the clock jumped past evalTime */
  jumpToEvaluated: told(7 * hour),
  /** a reload after evalTime brings the settled poll */
  settled: told(7 * hour, true),
} as const

type Phase = 'open' | 'closed' | 'evaluated'

/** The spec's phase at a time of the server's clock, written out for the oracle. */
const phaseAt = (now: number): Phase =>
  now < pollInput.endTime ? 'open' : now < pollInput.evalTime ? 'closed' : 'evaluated'

/** Where the poll is after these events, by the spec: its phase, the server's time, whether settled. */
export function pollAfter(events: readonly AnyEventObject[]) {
  let now = pollInput.now
  let settled = pollInput.settled
  for (const event of events) {
    if (event.type === 'poll.changed') {
      now = event.now
      settled = event.settled
    } else if (isAfterEvent(event)) {
      // the timed step happens at its own moment
      now = phaseAt(now) === 'open' ? pollInput.endTime : pollInput.evalTime
    }
  }
  return { phase: phaseAt(now), now, settled }
}

const report = (phase: Phase): Output => ({ action: 'reportPhase', pollId: pollInput.pollId, phase })

export const pollLifecycleModel: PathModel = {
  name: 'poll lifecycle',
  summary:
    'One poll (spec §4 "Poll lifecycle by time"), a child of the polls store: open until endTime, closed until evalTime, then evaluated, and settled once the server judged it; timed on the server\'s clock, moved on at once when the clock jumped past a step; every phase entered is reported to the store, which shows it.',
  machine: pollLifecycleMachine,
  input: pollInput,
  events: Object.values(pollLifecycleEvents),
  // the clock only goes forward; the settled copy comes once evalTime has passed
  filterEvents: (snapshot, event) => {
    const context = snapshot.context as PollLifecycleContext
    if (event.type !== 'poll.changed') return true
    if (event.now < context.now || context.settled) return false
    return !(event.settled && context.now < pollInput.evalTime && phaseAt(context.now) !== 'evaluated')
  },
  expectedOutputs: ({ event, history }): Output[] => {
    if (event.type === 'xstate.init') return [report(phaseAt(pollInput.now))]
    const before = pollAfter(history)
    const after = pollAfter([...history, event])
    return after.phase === before.phase ? [] : [report(after.phase)]
  },
  describeState: (snapshot) => {
    const { now } = snapshot.context as PollLifecycleContext
    return `${stateName(snapshot)} (server time ${now / hour} h)`
  },
  describeEvent: (event) => {
    if (event.type !== 'poll.changed') return undefined
    return event.settled
      ? `a reload brings the settled poll at ${event.now / hour} h`
      : `the clock jumps to ${event.now / hour} h`
  },
}
