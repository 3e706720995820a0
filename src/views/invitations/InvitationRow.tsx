import { styled } from 'styled-system/jsx'
import type { PlayerInvitation } from '~/api/invitations'
import { invitationTexts } from '~/machines/invitations.types'
import { Badge, Button } from '~/views/ui'
import { invitationStateText } from './invitation-texts'

export interface InvitationRowProps {
  readonly invitation: PlayerInvitation
  /** this row's withdrawal is on its way */
  readonly withdrawing: boolean
  /** this row's link was put on the clipboard last */
  readonly copied: boolean
  /** another change runs: no second one until it is done */
  readonly busy: boolean
  readonly onCopy: (code: string) => void
  readonly onWithdraw: (code: string) => void
}

/**
 * One of the player's links: its code, its group, its state (who joined); while open, Copy link (any
 * open link can be shared again, the codes a new player gets too) and Withdraw.
 */
export function InvitationRow({
  invitation,
  withdrawing,
  copied,
  busy,
  onCopy,
  onWithdraw,
}: InvitationRowProps) {
  return (
    <styled.li display="flex" alignItems="center" gap="2" py="2" borderBottomWidth="1px">
      <styled.div flex="1" minW="0" display="flex" flexDirection="column" gap="0.5">
        <styled.code fontSize="sm" truncate>
          {invitation.code}
        </styled.code>
        <styled.span fontSize="sm" color="fg.muted">
          {invitationStateText(invitation)}
          {invitation.group ? ` · joins ${invitation.group.name}` : ''}
        </styled.span>
        <styled.span role="status" fontSize="sm" color="fg.muted">
          {copied ? invitationTexts.copied : ''}
        </styled.span>
      </styled.div>
      {invitation.state === 'open' ? (
        <>
          <Button
            size="xs"
            variant="outline"
            type="button"
            disabled={busy}
            aria-label={`Copy link ${invitation.code}`}
            onClick={() => onCopy(invitation.code)}
          >
            Copy link
          </Button>
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
        </>
      ) : (
        <Badge variant="outline">{invitation.state}</Badge>
      )}
    </styled.li>
  )
}
