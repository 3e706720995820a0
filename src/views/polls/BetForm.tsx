import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import {
  type BetDialogMachine,
  selectBetDialogAlert,
  selectBetDialogFailed,
  selectBetDialogSending,
  selectChosenVote,
  selectVoteError,
  selectWager,
  selectWagerError,
} from '~/machines/bet-dialog.machine'
import { selectBalance, selectUserId } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { Alert, Button, Spinner } from '~/views/ui'
import { BetPayoutPreview } from './BetPayoutPreview'
import { QuickAmounts } from './QuickAmounts'
import { VoteChoice } from './VoteChoice'
import { WagerField } from './WagerField'

interface BetFormProps {
  readonly dialog: ActorRefFrom<BetDialogMachine>
}

/** The side and the wager; submitting hands them to the dialog's flow with the player and balance. */
export function BetForm({ dialog }: BetFormProps) {
  const client = useClient()
  const vote = useSelector(dialog, selectChosenVote)
  const wager = useSelector(dialog, selectWager)
  const voteError = useSelector(dialog, selectVoteError)
  const wagerError = useSelector(dialog, selectWagerError)
  const alert = useSelector(dialog, selectBetDialogAlert)
  const sending = useSelector(dialog, selectBetDialogSending)
  const failed = useSelector(dialog, selectBetDialogFailed)
  const balance = useSelector(client.session, selectBalance)
  const userId = useSelector(client.session, selectUserId)
  const locked = sending || failed
  return (
    <styled.form
      display="grid"
      gap="5"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault()
        dialog.send({ type: 'betDialog.submit', userId, balance })
      }}
    >
      {/* warnings take the accent, as the notices do: the theme has no amber */}
      {alert && (
        <Alert.Root role="alert" colorPalette={alert.kind === 'error' ? 'down' : 'accent'}>
          <Alert.Content>
            <Alert.Title>{alert.message}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      <VoteChoice
        value={vote}
        onChange={(next) => dialog.send({ type: 'betDialog.voteChosen', vote: next })}
        error={voteError}
        disabled={locked}
      />
      <WagerField
        value={wager}
        onChange={(next) => dialog.send({ type: 'betDialog.wagerChanged', wager: next })}
        balance={balance}
        error={wagerError}
        disabled={locked}
      />
      <QuickAmounts
        balance={balance}
        onPick={(next) => dialog.send({ type: 'betDialog.wagerChanged', wager: next })}
        disabled={locked}
      />
      <BetPayoutPreview dialog={dialog} />
      <styled.div display="flex" justifyContent="flex-end" gap="3" flexWrap="wrap">
        <Button type="button" variant="outline" onClick={() => dialog.send({ type: 'betDialog.close' })}>
          {failed ? 'Close' : 'Cancel'}
        </Button>
        {!failed && (
          <Button type="submit" disabled={sending}>
            {sending ? (
              <>
                <Spinner size="sm" aria-hidden /> Sending bet…
              </>
            ) : (
              'Place bet'
            )}
          </Button>
        )}
      </styled.div>
    </styled.form>
  )
}
