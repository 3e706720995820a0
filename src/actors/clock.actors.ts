import { assign, fromCallback } from 'xstate'
import { countdownAt, type PollCountdownMachine } from '../machines/poll-countdown.machine'
import type { Sendable } from './game-api'

/** The browser's time zone: poll times are local (spec §4). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export interface ClockInput {
  /** who hears `clock.ticked` (the polls store) */
  readonly targets: readonly Sendable<{ readonly type: 'clock.ticked'; readonly now: number }>[]
  /** @default 1000 */
  readonly intervalMs?: number
  /** @default Date.now */
  readonly now?: () => number
}

/** Tells its targets the time at once and then every second, until stopped. */
export const tickClock = fromCallback<{ type: string }, ClockInput>(({ input }) => {
  const now = input.now ?? Date.now
  const tick = () => {
    const at = now()
    for (const target of input.targets) target.send({ type: 'clock.ticked', now: at })
  }
  tick()
  const timer = setInterval(tick, input.intervalMs ?? 1000)
  return () => clearInterval(timer)
})

/** The production wiring of the countdown: each second reads the real clock, so a sleeping tab catches up. */
export function providePollCountdown(machine: PollCountdownMachine, now: () => number = Date.now) {
  return machine.provide({
    actions: {
      advanceClock: assign(({ context }) => countdownAt(now(), context.timeZone, context.nextStart)),
    },
  })
}
