import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideConfirmResend } from '~/actors/account-screens.actors'
import { confirmResendMachine } from '~/machines/confirm-resend.machine'
import { selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { FormFailure } from '~/views/auth/FormFailure'
import { MachineForm } from '~/views/auth/MachineForm'
import { useClient } from '~/views/client-context'
import { Button, Spinner } from '~/views/ui'

/**
 * The server mails only a confirmed address: a switch turned on would otherwise seem to do nothing. The
 * first link may be lost, so the player can ask for a new one.
 */
export function ConfirmEmailNote({ email }: { readonly email: string }) {
  const client = useClient()
  const logic = useMemo(() => provideConfirmResend(confirmResendMachine, client.effects), [client])
  const form = useActorRef(logic, { input: {} })
  const sent = useSelector(form, selectSucceeded)
  const submitting = useSelector(form, selectSubmitting)
  return (
    <styled.div display="flex" flexDirection="column" gap="2" fontSize="sm" color="fg.muted">
      <p>
        {sent
          ? `A new link is on its way to ${email}. E-mails go there once you confirm it.`
          : `E-mails go to ${email} once you confirm it with the link we sent when you signed up.`}
      </p>
      {!sent && (
        <MachineForm form={form} label="Confirmation link">
          <FormFailure form={form} title="The link was not sent" />
          <Button type="submit" variant="outline" size="sm" alignSelf="flex-start" disabled={submitting}>
            {submitting ? <Spinner size="sm" aria-hidden colorPalette="gray" /> : null}
            Send the link again
          </Button>
        </MachineForm>
      )}
    </styled.div>
  )
}
