import { useState } from 'react'
import { Button, Dialog, Portal } from '~/views/ui'
import { DeleteAccountForm } from './DeleteAccountForm'
import { SettingsSection } from './SettingsSection'

/** Spec §6: a player deletes their own account, after confirming with the password. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false)
  return (
    <SettingsSection
      id="settings-delete-account"
      title="Delete account"
      description="Your account, balance and predictions are removed for good. This cannot be undone."
    >
      <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Dialog.Trigger asChild>
          <Button variant="outline" colorPalette="down" alignSelf="flex-start">
            Delete account
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content p={{ base: '4', sm: '6' }} w="full" maxW="md" mx="3">
              <Dialog.Title>Delete your account?</Dialog.Title>
              <Dialog.Description mt="1" mb="4">
                Enter your password to confirm. Your balance goes to The Bank and you are logged out.
              </Dialog.Description>
              <DeleteAccountForm onCancel={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </SettingsSection>
  )
}
