import { assertEvent, assign, setup } from 'xstate'
import { pollPhase } from '../domain/poll-phase'
import type {
  PollLifecycleContext,
  PollLifecycleEvent,
  PollLifecycleInput,
  PollPhaseReport,
} from './poll-lifecycle.types'

const phaseOf = (context: PollLifecycleContext) => pollPhase(context, context.now)

/**
 * Spec §4 "Poll lifecycle by time": one poll, open until endTime, closed until evalTime, then
 * evaluated, and settled once the server judged it. The times are the server's (the store's clock
 * carries the offset): the delays count from the server's time the poll was last told, and each
 * timed step moves that time to its own moment. The store tells it when its copy changes or the
 * clock jumped past a step (a sleeping tab, a narrowed offset); it enters a phase only when
 * `pollPhase` says so. Each phase entered is reported (`reportPhase`): the store shows it.
 */
export const pollLifecycleMachine = setup({
  types: {} as { context: PollLifecycleContext; events: PollLifecycleEvent; input: PollLifecycleInput },
  delays: {
    untilEnd: ({ context }) => Math.max(0, context.endTime - context.now),
    untilEvaluation: ({ context }) => Math.max(0, context.evalTime - context.now),
  },
  guards: {
    isOpen: ({ context }) => phaseOf(context) === 'open',
    isClosed: ({ context }) => phaseOf(context) === 'closed',
    isSettled: ({ context }) => context.settled,
    /** the new copy moves its times, or its clock puts it in another phase (settling is `judging`'s) */
    movesOn: ({ context, event }) => {
      assertEvent(event, 'poll.changed')
      return (
        event.endTime !== context.endTime ||
        event.evalTime !== context.evalTime ||
        pollPhase(event, event.now) !== phaseOf(context)
      )
    },
  },
  actions: {
    store: assign(({ event }) => {
      assertEvent(event, 'poll.changed')
      const { type: _, ...poll } = event
      return poll
    }),
    /** a timed step happened at its own moment of the server's clock */
    reachEnd: assign({ now: ({ context }) => Math.max(context.now, context.endTime) }),
    reachEvaluation: assign({ now: ({ context }) => Math.max(context.now, context.evalTime) }),
    reportPhase: (_, _report: PollPhaseReport) => {},
  },
}).createMachine({
  id: 'poll',
  context: ({ input }) => input,
  initial: 'deciding',
  on: {
    'poll.changed': [{ guard: 'movesOn', target: '.deciding', actions: 'store' }, { actions: 'store' }],
  },
  states: {
    // the phase the poll is in at the server's time: where it starts, and where a change leads
    deciding: {
      always: [
        { guard: 'isOpen', target: 'open' },
        { guard: 'isClosed', target: 'closed' },
        { target: 'evaluated' },
      ],
    },
    open: {
      entry: { type: 'reportPhase', params: ({ context }) => ({ pollId: context.pollId, phase: 'open' }) },
      after: { untilEnd: { target: 'closed', actions: 'reachEnd' } },
    },
    closed: {
      entry: { type: 'reportPhase', params: ({ context }) => ({ pollId: context.pollId, phase: 'closed' }) },
      after: { untilEvaluation: { target: 'evaluated', actions: 'reachEvaluation' } },
    },
    evaluated: {
      entry: {
        type: 'reportPhase',
        params: ({ context }) => ({ pollId: context.pollId, phase: 'evaluated' }),
      },
      initial: 'judging',
      states: {
        // evalTime passed; the server settles the poll as soon as it can
        judging: { always: { guard: 'isSettled', target: 'settled' } },
        settled: {},
      },
    },
  },
})

export type PollLifecycleMachine = typeof pollLifecycleMachine
