import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { Poll } from '~/api/polls'
import { formatPrice } from '~/domain/number-format'
import { selectBetClosedText } from '~/machines/fair-play.select'
import { selectHasLocalVote } from '~/machines/polls-view.select'
import { selectLatestPrice } from '~/machines/ticker.select'
import { selectTitleCurrency, selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { PriceWithChange } from '~/views/prices/PriceWithChange'
import { PriceMoveText } from '~/views/ticker/PriceMoveText'
import { TitleLink } from '~/views/ticker/TitleLink'
import { Button, Card } from '~/views/ui'
import { OwnBet } from './OwnBet'
import { PollMarket } from './PollMarket'
import { PollPhaseInfo } from './PollPhaseInfo'
import { PollResultsBar } from './PollResultsBar'
import { bankTakesPotText } from './poll-texts'

interface PollCardProps {
  readonly poll: Poll
  readonly now: number
  /** opens the bet dialog for this poll */
  readonly onBet: (pollId: number) => void
  /** the dashboard's short form: the results without the count per side @default false */
  readonly compact?: boolean
}

/**
 * One poll (spec §3): its title, base and latest price, phase, when it is judged and what flat means,
 * the pot and payout per side, the bets so far (and the Bank taking the pot nobody called) and the
 * player's own, with what it would pay now.
 */
export function PollCard({ poll, now, onBet, compact = false }: PollCardProps) {
  const client = useClient()
  const latest = useSelector(client.prices, (snapshot) => selectLatestPrice(snapshot.context, poll.titleId))
  const name = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleName(snapshot.context, poll.titleId),
  )
  const currency = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleCurrency(snapshot.context, poll.titleId),
  )
  // fair play: no bet while the title's market is closed (the server refuses it too)
  const marketClosed = useSelector(client.store('titleInfo'), (snapshot) =>
    selectBetClosedText(snapshot.context.data, poll.titleId, now),
  )
  const headingId = `poll-${poll.pollId}`
  // a settled poll is measured at its evaluation price, a running one at the live price
  const price = poll.evalPrice ?? latest?.price
  // a bet not in the server's results yet (kept here): what it would pay counts it into the pot
  const betKeptHere = useSelector(client.store('polls'), (snapshot) =>
    selectHasLocalVote(snapshot.context, poll.pollId),
  )
  // one bet per poll: once there is one, the card shows it instead of the button (issue 17)
  const canBet = poll.phase === 'open' && poll.votes.length === 0
  return (
    <Card.Root asChild>
      <article aria-labelledby={headingId}>
        <Card.Header pb="2" display="flex" flexDirection="row" alignItems="baseline" gap="3" flexWrap="wrap">
          <Card.Title id={headingId} textStyle="lg">
            <TitleLink titleId={poll.titleId}>{name ?? `#${poll.titleId}`}</TitleLink>
          </Card.Title>
          <PollPhaseInfo poll={poll} now={now} />
        </Card.Header>
        <Card.Body display="grid" gap="3" pb={canBet ? '3' : '5'}>
          <styled.p display="flex" flexWrap="wrap" columnGap="4" rowGap="1" textStyle="sm">
            <span>Price base: {formatPrice(poll.priceBase, currency)}</span>
            {/* a running poll's live price says its market's state and its day's change, as everywhere */}
            {poll.evalPrice === null ? (
              <span>
                Latest: <PriceWithChange titleId={poll.titleId} />
              </span>
            ) : (
              <span>Evaluation price: {formatPrice(poll.evalPrice, currency)}</span>
            )}
            {price !== undefined && <PriceMoveText reference={poll.priceBase} latest={price} />}
          </styled.p>
          <PollMarket poll={poll} now={now} />
          <PollResultsBar results={poll.results} compact={compact} />
          {poll.bankWon && (
            <styled.p textStyle="sm" fontWeight="semibold">
              {bankTakesPotText(poll.results.totalTtcBet)}
            </styled.p>
          )}
          <OwnBet poll={poll} inPot={!betKeptHere} />
        </Card.Body>
        {canBet && (
          <Card.Footer display="flex" alignItems="center" gap="3" flexWrap="wrap">
            <Button
              size="sm"
              onClick={() => onBet(poll.pollId)}
              disabled={marketClosed !== undefined}
              aria-describedby={marketClosed ? `${headingId}-closed` : undefined}
              aria-label={`Place bet on ${name ?? poll.titleId}`}
            >
              Place bet
            </Button>
            {marketClosed && (
              <styled.p id={`${headingId}-closed`} textStyle="sm" color="fg.muted">
                {marketClosed}
              </styled.p>
            )}
          </Card.Footer>
        )}
      </article>
    </Card.Root>
  )
}
