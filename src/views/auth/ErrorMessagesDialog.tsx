import { useState } from 'react'
import { styled } from 'styled-system/jsx'
import { useLocation, useSearch } from 'wouter'
import { errorMessagesOf, withoutErrorMessages } from '~/domain/account-forms'
import { Button, Dialog, Portal } from '~/views/ui'

/**
 * Spec §2 sign-in: the query's errorMessage values (e.g. a refused social sign-in) in a persistent
 * dialog titled 'Error', one per line. Only its OK button closes it, which also drops the messages
 * from the address so a reload does not show them again.
 */
export function ErrorMessagesDialog() {
  const search = useSearch()
  const [pathname, navigate] = useLocation()
  const messages = errorMessagesOf(search)
  const [closed, setClosed] = useState(false)
  if (messages.length === 0) return null
  const close = () => {
    setClosed(true)
    const rest = withoutErrorMessages(search)
    navigate(rest ? `${pathname}?${rest}` : pathname, { replace: true })
  }
  return (
    <Dialog.Root
      open={!closed}
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={false}
      onOpenChange={({ open }) => (open ? undefined : close())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content p="6" w="full" maxW={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <Dialog.Title mb="2">Error</Dialog.Title>
            <Dialog.Description asChild>
              <styled.p whiteSpace="pre-line" mb="6">
                {messages.join('\n')}
              </styled.p>
            </Dialog.Description>
            <styled.div display="flex" justifyContent="flex-end">
              <Button type="button" onClick={close}>
                OK
              </Button>
            </styled.div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
