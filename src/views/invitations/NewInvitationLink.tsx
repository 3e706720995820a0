import { styled } from 'styled-system/jsx'
import type { PlayerInvitation } from '~/api/invitations'
import { invitationTexts } from '~/machines/invitations.types'
import { Button, Field } from '~/views/ui'

export interface NewInvitationLinkProps {
  readonly invitation: PlayerInvitation
  readonly copied: boolean
  readonly onCopy: () => void
}

/** The link just made, selectable, with a Copy button that says when it worked. */
export function NewInvitationLink({ invitation, copied, onCopy }: NewInvitationLinkProps) {
  return (
    <Field.Root>
      <Field.Label>
        Your new link{invitation.group ? ` (your friend joins ${invitation.group.name})` : ''}
      </Field.Label>
      <styled.div display="flex" gap="2">
        <Field.Input readOnly value={invitation.url} onFocus={(event) => event.currentTarget.select()} />
        <Button type="button" variant="outline" onClick={onCopy}>
          Copy
        </Button>
      </styled.div>
      <styled.span role="status" fontSize="sm" color="fg.muted" minH="5">
        {copied ? invitationTexts.copied : ''}
      </styled.span>
    </Field.Root>
  )
}
