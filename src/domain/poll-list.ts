import { pollPhase } from './poll-phase'

/** Spec §5, §9: the client keeps at most 50 polls, the newest by end time. */
export const maxKeptPolls = 50

/** What the poll list needs of a poll. */
export interface ListedPoll {
  readonly pollId: number
  readonly titleId: number
  readonly endTime: number
  readonly evalTime: number
  readonly phase: string
  readonly votes: readonly { readonly pollId: number }[]
}

/**
 * The polls the client shows: those of known titles, the newest 50 by end time, each with its phase at
 * `now` (the client's clock, not the server's word at load time).
 */
export function keptPolls<P extends ListedPoll>(
  polls: readonly P[],
  knownTitleIds: readonly number[],
  now: number,
): P[] {
  const known = new Set(knownTitleIds)
  return polls
    .filter((poll) => known.has(poll.titleId))
    .sort((a, b) => b.endTime - a.endTime || b.pollId - a.pollId)
    .slice(0, maxKeptPolls)
    .map((poll) => {
      const phase = pollPhase(poll, now)
      return poll.phase === phase ? poll : { ...poll, phase }
    })
}

/** Whether any poll takes bets at `now`. */
export function hasOpenPoll(polls: readonly { endTime: number; evalTime: number }[], now: number): boolean {
  return polls.some((poll) => pollPhase(poll, now) === 'open')
}
