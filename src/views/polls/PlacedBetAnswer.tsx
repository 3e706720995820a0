import { styled } from 'styled-system/jsx'
import { formatTtc } from '~/domain/number-format'
import { ownBetPayoutNow } from '~/domain/poll-market'
import type { PlacedBet } from '~/machines/bet.types'
import { Button } from '~/views/ui'
import { paysNowText, voteLabels } from './poll-texts'

/** The server's answer to a bet, in the dialog: the bet, what it would pay now, and the pot with it. */
export function PlacedBetAnswer({
  placed,
  onClose,
}: {
  readonly placed: PlacedBet
  readonly onClose: () => void
}) {
  const { bet, results } = placed
  return (
    <styled.div display="grid" gap="4">
      <styled.div role="status" display="grid" gap="1">
        <styled.p fontWeight="semibold">
          Bet placed: {voteLabels[bet.vote]}, {formatTtc(bet.ttcBet)}
        </styled.p>
        <p>{paysNowText(bet.vote, ownBetPayoutNow(results, bet.vote, bet.ttcBet, true))}.</p>
        <styled.p color="fg.muted" textStyle="sm">
          The pot is {formatTtc(results.totalTtcBet)}; what the winners get changes with every bet until
          betting closes.
        </styled.p>
      </styled.div>
      <styled.div display="flex" justifyContent="flex-end">
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </styled.div>
    </styled.div>
  )
}
