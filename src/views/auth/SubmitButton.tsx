import type { ReactNode } from 'react'
import { Button, Spinner } from '~/views/ui'

/**
 * A form's submit button: disabled with a spinner while the form is sent, its name unchanged so
 * assistive technology and tests find it by the same label (aria-busy says it is working).
 */
export function SubmitButton({ busy, children }: { readonly busy: boolean; readonly children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} w="full">
      {busy ? <Spinner size="sm" aria-hidden colorPalette="gray" /> : null}
      {children}
    </Button>
  )
}
