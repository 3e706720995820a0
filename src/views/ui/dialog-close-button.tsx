import { XIcon } from 'lucide-react'
import * as Dialog from './dialog'
import { IconButton } from './icon-button'

/** The dialog's ✕ in its top-right corner: a labelled icon button that closes it (Escape does too). */
export function DialogCloseButton({ label = 'Close' }: { readonly label?: string }) {
  return (
    <Dialog.CloseTrigger asChild position="absolute" top="3" right="3">
      <IconButton aria-label={label} variant="ghost" size="sm">
        <XIcon aria-hidden />
      </IconButton>
    </Dialog.CloseTrigger>
  )
}
