import { styled } from 'styled-system/jsx'
import type { PlayerInvitation } from '~/api/invitations'
import { Badge, Button } from '~/views/ui'
import { invitationStateText } from './invitation-texts'

export interface InvitationRowProps {
  readonly invitation: PlayerInvitation
  /** this row's withdrawal is on its way */
  readonly withdrawing: boolean
  /** another change runs: no second one until it is done */
  readonly busy: boolean
  readonly onWithdraw: (code: string) => void
}

/** One of the player's links: its code, its group, its state (who joined), Withdraw while open. */
export function InvitationRow({ invitation, withdrawing, busy, onWithdraw }: InvitationRowProps) {
  return (
    <styled.li display="flex" alignItems="center" gap="3" py="2" borderBottomWidth="1px">
      <styled.div flex="1" minW="0" display="flex" flexDirection="column" gap="0.5">
        <styled.code fontSize="sm" truncate>
          {invitation.code}
        </styled.code>
        <styled.span fontSize="sm" color="fg.muted">
          {invitationStateText(invitation)}
          {invitation.group ? ` · joins ${invitation.group.name}` : ''}
        </styled.span>
      </styled.div>
      {invitation.state === 'open' ? (
        <Button
          size="xs"
          variant="outline"
          type="button"
          disabled={busy}
          aria-busy={withdrawing}
          aria-label={`Withdraw invitation ${invitation.code}`}
          onClick={() => onWithdraw(invitation.code)}
        >
          Withdraw
        </Button>
      ) : (
        <Badge variant="outline">{invitation.state}</Badge>
      )}
    </styled.li>
  )
}
