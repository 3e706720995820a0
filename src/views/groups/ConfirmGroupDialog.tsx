import { styled } from 'styled-system/jsx'
import { Button, Dialog, Portal, Text } from '~/views/ui'

export interface ConfirmGroupDialogProps {
  /** the question: 'Delete Bulls?' */
  readonly title: string
  /** what follows from saying yes */
  readonly description: string
  /** the way out, the dialog's first button */
  readonly keepLabel: string
  readonly confirmLabel: string
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly onConfirm: () => void
}

/** A step that is hard or impossible to take back (deleting or leaving a group): the player confirms first. */
export function ConfirmGroupDialog({
  title,
  description,
  keepLabel,
  confirmLabel,
  open,
  onOpenChange,
  onConfirm,
}: ConfirmGroupDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p="6" maxW="md" display="flex" flexDirection="column" gap="4">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Description asChild>
              <Text>{description}</Text>
            </Dialog.Description>
            <styled.div display="flex" justifyContent="flex-end" gap="3">
              <Dialog.CloseTrigger asChild>
                <Button type="button" variant="outline">
                  {keepLabel}
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
                {confirmLabel}
              </Button>
            </styled.div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
