import type { OwnVote, Poll, PollResults } from '../api/polls'
import type { PollPhase } from '../domain/poll-phase'

/** What the polls store holds. */
export interface PollsData {
  /**
   * the polls shown: of known titles, the newest 50 by end time, each with its phase at `now` and the
   * player's bet (a local one until the server lists it)
   */
  readonly polls: readonly Poll[]
  /**
   * the server's latest list as it came (the server sends at most 50), kept to derive `polls` again when
   * the titles or the clock move
   */
  readonly received: readonly Poll[]
  /** bets placed here that the server's list does not show yet: being sent, or failed to send */
  readonly localVotes: readonly OwnVote[]
  /** the client's clock, epoch ms, as the last `clock.ticked` said @default 0 */
  readonly now: number
  /** the known titles; polls of other titles are dropped */
  readonly titleIds: readonly number[]
  /**
   * the phase each shown poll's lifecycle (its child actor, src/machines/poll-lifecycle.machine.ts)
   * entered last: what `polls` shows; a poll whose actor has not said yet shows its phase at `now`
   * @default {}
   */
  readonly phases: Readonly<Record<number, PollPhase>>
}

export type PollsEvent =
  /** the clock moved: phases are taken again */
  | { readonly type: 'clock.ticked'; readonly now: number }
  /** the known-title list changed */
  | { readonly type: 'titles.changed'; readonly titleIds: readonly number[] }
  /** a bet, added before it is sent (spec §4 "Tagging and betting"); ignored if the poll has one */
  | { readonly type: 'polls.betAdded'; readonly vote: OwnVote }
  /** a poll's lifecycle entered a phase */
  | { readonly type: 'polls.phaseReached'; readonly pollId: number; readonly phase: PollPhase }
  /** the server took the bet and answered with the poll's results */
  | { readonly type: 'polls.resultsReceived'; readonly pollId: number; readonly results: PollResults }
