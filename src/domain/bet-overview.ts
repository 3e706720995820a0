import type { PollPhase } from './poll-phase'

/** What the bet overview needs of a poll: its phase and the player's bet on it (none or one). */
export interface PollWithBet {
  readonly pollId: number
  readonly phase: PollPhase
  readonly endTime: number
  readonly votes: readonly unknown[]
}

/** Spec §2 "Bet overview (open, closed, evaluated groups)". */
export const betGroups = ['open', 'closed', 'evaluated'] as const satisfies readonly PollPhase[]

/** The polls the player bet on, by phase, the latest end first in each. */
export function betOverview<P extends PollWithBet>(polls: readonly P[]): Record<PollPhase, P[]> {
  const overview: Record<PollPhase, P[]> = { open: [], closed: [], evaluated: [] }
  for (const poll of [...polls].sort((a, b) => b.endTime - a.endTime))
    if (poll.votes.length > 0) overview[poll.phase].push(poll)
  return overview
}
