import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { wagerPayoutPreview } from '~/domain/poll-market'
import {
  type BetDialogMachine,
  selectBetDialogPollId,
  selectChosenVote,
  selectWager,
} from '~/machines/bet-dialog.machine'
import { selectPoll } from '~/machines/polls-view.select'
import { selectBalance } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { betPreviewText } from './poll-texts'

/**
 * Under the bet form: what the chosen side and wager would pay if placed now and the side won, from
 * the poll's pot as the list last read it. A status region, so it is read out as the wager changes;
 * empty until the side and wager make a bet the game takes.
 */
export function BetPayoutPreview({ dialog }: { readonly dialog: ActorRefFrom<BetDialogMachine> }) {
  const client = useClient()
  const vote = useSelector(dialog, selectChosenVote)
  const wager = useSelector(dialog, selectWager)
  const pollId = useSelector(dialog, selectBetDialogPollId)
  const results = useSelector(
    client.store('polls'),
    (snapshot) => selectPoll(snapshot.context, pollId)?.results,
  )
  const balance = useSelector(client.session, selectBalance)
  const preview = results && wagerPayoutPreview(results, vote, wager, balance)
  return (
    <styled.p role="status" textStyle="sm" color="fg.muted" minH="5" m="0">
      {preview ? betPreviewText(preview) : ''}
    </styled.p>
  )
}
