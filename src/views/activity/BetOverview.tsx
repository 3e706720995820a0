import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import type { Poll } from '~/api/polls'
import { betGroups, betOverview } from '~/domain/bet-overview'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { formatTtc } from '~/domain/number-format'
import { betWon } from '~/domain/poll-view'
import { selectPolls } from '~/machines/polls.machine'
import { useClient } from '~/views/client-context'
import { phaseLabels, voteLabels } from '~/views/polls/poll-texts'
import { TitleLink } from '~/views/ticker/TitleLink'
import { Card, Heading, Text } from '~/views/ui'

/** What a decided bet came to: what it won, or that it lost. */
function resultText(won: boolean, payout: number | null): string {
  if (!won) return 'lost'
  return payout === null ? 'won' : `won ${formatTtc(payout)}`
}

/** The player's bet on a poll in one line: side, stake, and once decided what it won (or that it lost). */
function BetLine({ poll }: { readonly poll: Poll }) {
  const [bet] = poll.votes
  if (!bet) return null
  const won = betWon(bet.vote, poll.outcome)
  return (
    <styled.li display="flex" flexWrap="wrap" gap="2" alignItems="baseline">
      <TitleLink titleId={poll.titleId} />
      <span>
        {voteLabels[bet.vote]} · {formatTtc(bet.ttcBet)}
      </span>
      {won !== undefined && <span>· {resultText(won, bet.payout)}</span>}
      <Text as="span" textStyle="xs" color="fg.muted">
        {/* betting's end: what still lies ahead of an open poll's bet, behind the others' */}
        {poll.phase === 'open' ? 'closes' : 'closed'}{' '}
        <time dateTime={isoDateTime(poll.endTime)}>{formatDateTime(poll.endTime)}</time>
      </Text>
    </styled.li>
  )
}

/** Spec §2 "Bet overview": the player's bets in open, closed and evaluated polls, a card of the dashboard. */
export function BetOverview() {
  const client = useClient()
  const polls = useSelector(client.store('polls'), (snapshot) => selectPolls(snapshot.context))
  const overview = useMemo(() => betOverview(polls), [polls])
  return (
    <Card.Root asChild>
      <section aria-labelledby="bet-overview-title">
        <Card.Header>
          <Card.Title asChild>
            <h2 id="bet-overview-title">Your bets</h2>
          </Card.Title>
        </Card.Header>
        <Card.Body display="flex" flexDirection="column" gap="3">
          {betGroups.map((phase) => (
            <styled.section key={phase} aria-labelledby={`bets-${phase}`}>
              <Heading as="h3" size="sm" id={`bets-${phase}`}>
                {phaseLabels[phase]} ({overview[phase].length})
              </Heading>
              {overview[phase].length === 0 ? (
                <Text textStyle="sm" color="fg.muted">
                  No {phaseLabels[phase].toLowerCase()} bets.
                </Text>
              ) : (
                <styled.ul listStyle="none" textStyle="sm" display="flex" flexDirection="column" gap="1">
                  {overview[phase].map((poll) => (
                    <BetLine key={poll.pollId} poll={poll} />
                  ))}
                </styled.ul>
              )}
            </styled.section>
          ))}
        </Card.Body>
      </section>
    </Card.Root>
  )
}
