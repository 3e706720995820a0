import type { OnDemandDialogProps } from '~/views/common/on-demand-dialog'
import { Dialog, DialogCloseButton, Portal } from '~/views/ui'
import { ForgotPasswordForm } from './ForgotPasswordForm'

/** The 'Reset your password' dialog (loaded when its button is first pressed: ForgotPasswordDialog). */
export function ForgotPasswordDialogContent(dialog: OnDemandDialogProps) {
  return (
    <Dialog.Root {...dialog}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p="6" w="full" maxW={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <Dialog.Title>Reset your password</Dialog.Title>
            <Dialog.Description mb="4">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Dialog.Description>
            {/* mounted with the content, so every opening starts a fresh request */}
            <ForgotPasswordForm />
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
