import { assertEvent, assign, setup } from 'xstate'
import { nextPollStart } from '../domain/poll-schedule'

/** The countdown moves once a second. */
export const countdownTickMs = 1000

export interface PollCountdownInput {
  /** epoch ms at start */
  readonly now: number
  /**
   * the zone the poll times are kept in until the server announces its own (the browser's at start: the
   * spec's times are local to the game, whose server may run in another zone)
   */
  readonly timeZone: string
  /** whether a poll takes bets now @default false */
  readonly hasOpenPoll?: boolean
}

export interface PollCountdownContext {
  readonly now: number
  readonly timeZone: string
  /** the next poll start, epoch ms */
  readonly nextStart: number
  /** until then, never below 0 */
  readonly remainingMs: number
  readonly hasOpenPoll: boolean
}

export type PollCountdownEvent =
  /** the polls store's word on whether a poll is open, and its clock */
  | { readonly type: 'polls.openChanged'; readonly hasOpenPoll: boolean; readonly now: number }
  /**
   * the server's next poll start (the activity stream's announcement) and the zone of its schedule:
   * the countdown runs to that start, and works out the ones after it in that zone
   */
  | { readonly type: 'polls.announced'; readonly startTime: number; readonly timeZone?: string }

/** The countdown at `now`: the next start strictly after the last one passed. */
export function countdownAt(now: number, timeZone: string, nextStart?: number) {
  const next = nextStart !== undefined && nextStart > now ? nextStart : nextPollStart(now, timeZone)
  return { now, nextStart: next, remainingMs: Math.max(0, next - now) }
}

/**
 * Spec §4 "Upcoming poll announcement": while no poll is open, counts down each second to the next poll
 * start (02:00, 08:00, 14:00, 20:00 on weekdays, 14:30 on weekends, local time). `advanceClock` moves
 * the clock by a second; src/actors provides it reading the real clock, so a sleeping tab catches up.
 */
export const pollCountdownMachine = setup({
  types: {} as { context: PollCountdownContext; events: PollCountdownEvent; input: PollCountdownInput },
  guards: {
    hasOpenPoll: ({ context }) => context.hasOpenPoll,
  },
  delays: { tick: countdownTickMs },
  actions: {
    storePolls: assign(({ context, event }) => {
      assertEvent(event, 'polls.openChanged')
      return {
        hasOpenPoll: event.hasOpenPoll,
        ...countdownAt(event.now, context.timeZone, context.nextStart),
      }
    }),
    storeAnnouncement: assign(({ context, event }) => {
      assertEvent(event, 'polls.announced')
      const timeZone = event.timeZone ?? context.timeZone
      // a start already passed (a stream kept from earlier) says nothing about the next one
      const announced = event.startTime > context.now ? event.startTime : undefined
      return { timeZone, ...countdownAt(context.now, timeZone, announced) }
    }),
    advanceClock: assign(({ context }) =>
      countdownAt(context.now + countdownTickMs, context.timeZone, context.nextStart),
    ),
  },
}).createMachine({
  id: 'pollCountdown',
  context: ({ input }) => ({
    timeZone: input.timeZone,
    hasOpenPoll: input.hasOpenPoll ?? false,
    ...countdownAt(input.now, input.timeZone),
  }),
  on: {
    'polls.openChanged': { target: '.deciding', actions: 'storePolls' },
    'polls.announced': { actions: 'storeAnnouncement' },
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasOpenPoll', target: 'hidden' }, { target: 'counting' }],
    },
    hidden: {},
    counting: {
      after: { tick: { target: 'counting', reenter: true, actions: 'advanceClock' } },
    },
  },
})

export type PollCountdownMachine = typeof pollCountdownMachine

/** What the announcement shows, or undefined while a poll is open. */
export function selectCountdown(context: PollCountdownContext) {
  return context.hasOpenPoll ? undefined : { nextStart: context.nextStart, remainingMs: context.remainingMs }
}
