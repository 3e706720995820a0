import type { VoteValue } from '~/api/polls'
import { formatDecimal, formatTtc } from '~/domain/number-format'
import type { BetPreview } from '~/domain/poll-market'
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

/** A settled poll nobody called, on its card: the Bank (spec §1) takes the pot. */
export const bankTakesPotText = (potTtc: number) =>
  `No one called it: the Bank takes the pot of ${formatTtc(potTtc)}`

/** The same, told in the activity stream after the fact. */
export const bankTookPotText = (potTtc: number) =>
  `No one called it: the Bank took the pot of ${formatTtc(potTtc)}`

/** What flat means on a poll card: 'within ±0.1 % of the base price'. */
export const flatBandText = (flatBand: number) =>
  `within ±${formatDecimal(flatBand * 100, flatBand * 100 < 0.1 ? 2 : 1)} % of the base price`

/**
 * What the bet being made would pay if its side won, before it is placed: against the stake, since a
 * side everybody is on pays back little more than the stake (or only the stake).
 */
export function betPreviewText({ side, stake, payout }: BetPreview) {
  const gain = Math.round((payout - stake) * 100) / 100
  const beyond = gain > 0 ? `${formatTtc(gain)} more than your stake` : 'only your stake back'
  return `If ${voteLabels[side]} wins, this bet would pay ${formatTtc(payout)} (${beyond}) as the pot stands now.`
}

/** What the player's bet would pay now if its side won, on the card and in the bet's answer. */
export const paysNowText = (side: VoteValue, payout: number) =>
  `If ${voteLabels[side]} wins, it would pay ${formatTtc(payout)} now`
