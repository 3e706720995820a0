import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { formatPrice } from '~/domain/number-format'
import {
  type BetDialogMachine,
  selectBetDialogOpen,
  selectBetDialogPollId,
  selectPlacedBet,
} from '~/machines/bet-dialog.machine'
import { selectPoll } from '~/machines/polls-view.select'
import { selectTitleCurrency, selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { Dialog, DialogCloseButton, Portal } from '~/views/ui'
import { BetForm } from './BetForm'
import { PlacedBetAnswer } from './PlacedBetAnswer'

const evaluation = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })

/**
 * The bet dialog of a list of polls: opened by a poll card's 'Place bet', it holds the bet form and,
 * once the server took the bet, its answer: the stake and what it would pay now (spec §4, §5, issue
 * 17). Its flow is the list's `betDialog` actor.
 */
export function BetDialog({ dialog }: { readonly dialog: ActorRefFrom<BetDialogMachine> }) {
  const client = useClient()
  const open = useSelector(dialog, selectBetDialogOpen)
  const pollId = useSelector(dialog, selectBetDialogPollId)
  const placed = useSelector(dialog, selectPlacedBet)
  const poll = useSelector(client.store('polls'), (snapshot) => selectPoll(snapshot.context, pollId))
  const name = useSelector(client.store('titleInfo'), (snapshot) =>
    poll ? selectTitleName(snapshot.context, poll.titleId) : undefined,
  )
  const currency = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleCurrency(snapshot.context, poll?.titleId),
  )
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => details.open || dialog.send({ type: 'betDialog.close' })}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p={{ base: '5', sm: '6' }} w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <styled.div display="grid" gap="1" pr="8" mb="4">
              <Dialog.Title>Place your bet</Dialog.Title>
              <Dialog.Description>
                {poll
                  ? `Where will ${name ?? `title #${poll.titleId}`} be at ${evaluation.format(poll.evalTime)}, compared with ${formatPrice(poll.priceBase, currency)}?`
                  : 'This poll is no longer listed.'}
              </Dialog.Description>
            </styled.div>
            {placed ? (
              <PlacedBetAnswer placed={placed} onClose={() => dialog.send({ type: 'betDialog.close' })} />
            ) : (
              pollId !== undefined && <BetForm dialog={dialog} />
            )}
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
