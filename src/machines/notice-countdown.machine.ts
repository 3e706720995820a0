import { assign, type SnapshotFrom, setup } from 'xstate'

/** The countdown moves once a second. */
export const noticeCountdownTickMs = 1000

export interface NoticeCountdownInput {
  /** how long the notice stays, ms (the server-error retry's delay) */
  readonly timeoutMs: number
}

export interface NoticeCountdownContext {
  readonly remainingMs: number
}

/**
 * Spec §8 server errors: the time left on a notice that counts down ('Retry starting in {n}
 * seconds...'), a second at a time until 0. The notifications actor closes the notice itself; this
 * only tells the view what number to show.
 */
export const noticeCountdownMachine = setup({
  types: {} as { context: NoticeCountdownContext; input: NoticeCountdownInput },
  delays: { tick: noticeCountdownTickMs },
  guards: {
    isOver: ({ context }) => context.remainingMs <= 0,
  },
  actions: {
    advance: assign({
      remainingMs: ({ context }) => Math.max(0, context.remainingMs - noticeCountdownTickMs),
    }),
  },
}).createMachine({
  id: 'noticeCountdown',
  context: ({ input }) => ({ remainingMs: Math.max(0, input.timeoutMs) }),
  initial: 'counting',
  states: {
    counting: {
      always: { guard: 'isOver', target: 'over' },
      after: { tick: { target: 'counting', reenter: true, actions: 'advance' } },
    },
    over: { type: 'final' },
  },
})

export type NoticeCountdownMachine = typeof noticeCountdownMachine

/** Whole seconds left, rounded up: the text never says 0 while time remains. */
export const selectSecondsLeft = (snapshot: SnapshotFrom<NoticeCountdownMachine>) =>
  Math.ceil(snapshot.context.remainingMs / 1000)
