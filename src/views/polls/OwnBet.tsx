import { styled } from 'styled-system/jsx'
import type { Poll } from '~/api/polls'
import { formatTtc } from '~/domain/number-format'
import { ownBetPayoutNow } from '~/domain/poll-market'
import { betWon } from '~/domain/poll-view'
import { paysNowText, voteLabels } from './poll-texts'

interface OwnBetProps {
  readonly poll: Poll
  /** the poll's results count the bet (the server has it); false while it is kept here only */
  readonly inPot: boolean
}

/**
 * The player's bet on the poll and what it would pay now if its side won; once the poll is settled,
 * the outcome and what they were paid.
 */
export function OwnBet({ poll, inPot }: OwnBetProps) {
  const vote = poll.votes[0]
  const outcome = poll.outcome && (
    <span>
      Outcome: <strong>{voteLabels[poll.outcome]}</strong>
    </span>
  )
  if (!vote) {
    return outcome ? (
      <styled.p textStyle="sm" display="flex" flexWrap="wrap" columnGap="3">
        {outcome}
        <styled.span color="fg.muted">You did not bet.</styled.span>
      </styled.p>
    ) : null
  }
  const won = betWon(vote.vote, poll.outcome)
  return (
    <styled.p textStyle="sm" display="flex" flexWrap="wrap" columnGap="3" rowGap="1">
      <span>
        Your bet: <strong>{voteLabels[vote.vote]}</strong>, {formatTtc(vote.ttcBet)}
      </span>
      {outcome}
      {poll.outcome === null && poll.phase !== 'evaluated' && (
        <span>{paysNowText(vote.vote, ownBetPayoutNow(poll.results, vote.vote, vote.ttcBet, inPot))}</span>
      )}
      {won !== undefined && (
        <styled.span color={won ? 'up.text' : 'down.text'} fontWeight="semibold">
          {won ? 'You won' : 'You lost'}
          {vote.payout !== null && `: payout ${formatTtc(vote.payout)}`}
        </styled.span>
      )}
    </styled.p>
  )
}
