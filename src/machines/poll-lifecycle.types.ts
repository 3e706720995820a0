import type { PollPhase } from '../domain/poll-phase'

/** What a poll's lifecycle knows of its poll, and the server's time when it last heard. */
export interface PollLifecycleContext {
  readonly pollId: number
  /** betting closes (epoch ms, the server's clock) */
  readonly endTime: number
  /** the price then decides the poll */
  readonly evalTime: number
  /** whether the server settled it (evalPrice and outcome known) */
  readonly settled: boolean
  /** the server's time (the client's clock with its offset, src/domain/server-clock.ts) when last told */
  readonly now: number
}

export type PollLifecycleInput = PollLifecycleContext

export type PollLifecycleEvent =
  /** the store's copy changed (a reload settled it, moved its times) or the clock moved it to another phase */
  { readonly type: 'poll.changed' } & PollLifecycleContext

/** What a poll's lifecycle tells its store on entering a phase. */
export interface PollPhaseReport {
  readonly pollId: number
  readonly phase: PollPhase
}
