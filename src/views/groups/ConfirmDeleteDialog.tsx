import { styled } from 'styled-system/jsx'
import { Button, Dialog, Portal, Text } from '~/views/ui'

export interface ConfirmDeleteDialogProps {
  readonly groupName: string
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly onConfirm: () => void
}

/** Deleting a group cannot be undone: the player confirms first. */
export function ConfirmDeleteDialog({ groupName, open, onOpenChange, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p="6" maxW="md" display="flex" flexDirection="column" gap="4">
            <Dialog.Title>Delete {groupName}?</Dialog.Title>
            <Dialog.Description asChild>
              <Text>
                The group, its members and its rankings are removed for everyone. This cannot be undone.
              </Text>
            </Dialog.Description>
            <styled.div display="flex" justifyContent="flex-end" gap="3">
              <Dialog.CloseTrigger asChild>
                <Button type="button" variant="outline">
                  Keep the group
                </Button>
              </Dialog.CloseTrigger>
              <Button
                type="button"
                colorPalette="red"
                onClick={() => {
                  onConfirm()
                  onOpenChange(false)
                }}
              >
                Delete group
              </Button>
            </styled.div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
