import { useState } from 'react'

/** What a dialog that loads on demand is controlled with (Dialog.Root's `open` and `onOpenChange`). */
export interface OnDemandDialogProps {
  readonly open: boolean
  readonly onOpenChange: (details: { open: boolean }) => void
}

/**
 * A dialog whose code loads when it is first opened: its trigger is a plain button (with the ARIA state
 * Ark's `Dialog.Trigger` gives) and the dialog, a `React.lazy` part rendered once `mounted`, is
 * controlled by `dialog`. `preload` starts the import on hover or focus. Focus goes back to the trigger
 * on close, as with `Dialog.Trigger` (the trap restores the element focused before it opened).
 */
export function useOnDemandDialog(preload?: () => unknown) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  return {
    mounted,
    dialog: { open, onOpenChange: ({ open }) => setOpen(open) } satisfies OnDemandDialogProps,
    trigger: {
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      'data-state': open ? 'open' : 'closed',
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setMounted(true)
        setOpen(true)
      },
    } as const,
  }
}
