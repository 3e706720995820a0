import type { PollPhase } from './poll-phase'

/** Which way a price went from a reference: the colour and arrow of a move. */
export type MoveDirection = 'up' | 'down' | 'flat'

export interface PriceMove {
  /** latest minus reference, in the title's currency */
  readonly change: number
  /** change as a fraction of the reference (0.012 = 1.2 %); 0 for a reference of 0 */
  readonly ratio: number
  readonly direction: MoveDirection
}

/** The move of a price from a reference (a poll's priceBase, a previous close). */
export function priceMove(reference: number, latest: number): PriceMove {
  const change = latest - reference
  const ratio = reference === 0 ? 0 : change / reference
  return { change, ratio, direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat' }
}

/** What the results bar needs of a poll's results (spec §3 "Poll results"). */
export interface ResultCounts {
  readonly numUsersBetUp: number
  readonly numUsersBetFlat: number
  readonly numUsersBetDown: number
}

/** Spec §3 "Poll status": votes cast is the players who bet on any side. */
export function votesCast(results: ResultCounts): number {
  return results.numUsersBetUp + results.numUsersBetFlat + results.numUsersBetDown
}

/** The share of the players on each side (fractions summing to 1, or all 0 before the first bet). */
export function resultShares(results: ResultCounts): { up: number; flat: number; down: number } {
  const total = votesCast(results)
  if (total === 0) return { up: 0, flat: 0, down: 0 }
  return {
    up: results.numUsersBetUp / total,
    flat: results.numUsersBetFlat / total,
    down: results.numUsersBetDown / total,
  }
}

/**
 * The moment a poll's phase is about (spec §4): an open poll closes at endTime, a closed one is
 * evaluated at evalTime, an evaluated one was evaluated at evalTime.
 */
export function phaseMoment(poll: { readonly endTime: number; readonly evalTime: number }, phase: PollPhase) {
  return phase === 'open' ? poll.endTime : poll.evalTime
}

/** The polls page's tabs: Running holds the open and closed polls, Finished the evaluated ones. */
export type PollsTab = 'running' | 'finished'

export function isInTab(phase: PollPhase, tab: PollsTab): boolean {
  return tab === 'finished' ? phase === 'evaluated' : phase !== 'evaluated'
}

/** Whether the player won their bet: their side is the outcome (undefined until the poll is settled). */
export function betWon(vote: string, outcome: string | null): boolean | undefined {
  return outcome === null ? undefined : vote === outcome
}
