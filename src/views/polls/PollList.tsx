import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useState } from 'react'
import { styled } from 'styled-system/jsx'
import { provideBetDialog } from '~/actors/bet-dialog.actors'
import type { Poll } from '~/api/polls'
import { betDialogMachine, selectBetDialogOpen } from '~/machines/bet-dialog.machine'
import { useClient } from '~/views/client-context'
import { LoadFailureBoundary } from '~/views/common/LoadFailureBoundary'
import { PollCard } from './PollCard'
import { useClock } from './use-clock'

// The dialog (Ark's dialog and portal, the radio group of the form) loads on the
// first 'Place bet', or before it when the pointer or the focus comes to the list.
const loadBetDialog = () => import('./BetDialog')
const BetDialog = lazy(async () => ({ default: (await loadBetDialog()).BetDialog }))

interface PollListProps {
  readonly polls: readonly Poll[]
  /** names the list for screen readers */
  readonly label: string
  /** the dashboard's short cards @default false */
  readonly compact?: boolean
}

/** Poll cards in a responsive grid, with the one bet dialog they open. */
export function PollList({ polls, label, compact = false }: PollListProps) {
  const client = useClient()
  const dialog = useActorRef(provideBetDialog(betDialogMachine, client))
  const now = useClock()
  const open = useSelector(dialog, selectBetDialogOpen)
  // mounted from the first opening on, so that it can play its closing animation
  const [mounted, setMounted] = useState(false)
  if (open && !mounted) setMounted(true)
  return (
    <>
      <styled.ul
        aria-label={label}
        onPointerEnter={loadBetDialog}
        onFocus={loadBetDialog}
        display="grid"
        gap="4"
        gridTemplateColumns={
          compact ? '1fr' : { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' }
        }
      >
        {polls.map((poll) => (
          <li key={poll.pollId}>
            <PollCard
              poll={poll}
              now={now}
              compact={compact}
              onBet={(pollId) => dialog.send({ type: 'betDialog.open', pollId })}
            />
          </li>
        ))}
      </styled.ul>
      {mounted && (
        // the dialog's code may fail to arrive (offline on a page just opened): an alert, not a blank page
        <LoadFailureBoundary inline onError={client.reportRenderError}>
          <Suspense fallback={null}>
            <BetDialog dialog={dialog} />
          </Suspense>
        </LoadFailureBoundary>
      )}
    </>
  )
}
