import { Dialog, DialogCloseButton, Portal } from '~/views/ui'
import { UserInfoBody } from './UserInfoBody'

export interface UserInfoDialogProps {
  readonly userId: number
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
}

/**
 * Spec §2 user info dialog: a player's trophies, balance, groups, votes and predictions. The player
 * is loaded each time the dialog opens (its content mounts on open only).
 */
export function UserInfoDialog({ userId, open, onOpenChange }: UserInfoDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p={{ base: '4', sm: '6' }} w="full" maxW="md" mx="3">
            <UserInfoBody userId={userId} />
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
