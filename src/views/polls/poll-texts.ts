import type { VoteValue } from '~/api/polls'
import type { PollPhase } from '~/domain/poll-phase'

/** The polls' words: sides, phases and the moment each phase is about. */
export const voteLabels: Record<VoteValue, string> = { up: 'Up', flat: 'Flat', down: 'Down' }

export const phaseLabels: Record<PollPhase, string> = {
  open: 'Open',
  closed: 'Closed',
  evaluated: 'Evaluated',
}

/** Before the relative time of `phaseMoment`: 'closes in 2 hours', 'evaluated 3 hours ago'. */
export const phaseMomentLabels: Record<PollPhase, string> = {
  open: 'closes',
  closed: 'evaluated',
  evaluated: 'evaluated',
}
