import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { providePasswordResetRequest } from '~/actors/account.actors'
import { passwordResetRequestMachine } from '~/machines/account-forms.machine'
import { selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { useClient } from '~/views/client-context'
import { Text } from '~/views/ui'
import { accountTexts } from './account-texts'
import { FormFailure } from './FormFailure'
import { FormTextField } from './FormTextField'
import { MachineForm } from './MachineForm'
import { SubmitButton } from './SubmitButton'

/**
 * The password-reset request. The server answers the same whether or not the address has an account,
 * so the confirmation is neutral; a failure shows the spec's text.
 */
export function ForgotPasswordForm() {
  const client = useClient()
  const logic = useMemo(
    () => providePasswordResetRequest(passwordResetRequestMachine, client.effects),
    [client],
  )
  const form = useActorRef(logic, { input: {} })
  const submitting = useSelector(form, selectSubmitting)
  const sent = useSelector(form, selectSucceeded)
  return (
    <styled.div display="flex" flexDirection="column" gap="4">
      <styled.div role="status">{sent ? <Text>{accountTexts.resetRequestSent}</Text> : null}</styled.div>
      {sent ? null : (
        <MachineForm form={form} label="Request a new password">
          <FormFailure form={form} title={accountTexts.resetRequestFailed} />
          <FormTextField
            form={form}
            field="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
          />
          <SubmitButton busy={submitting}>Send instructions</SubmitButton>
        </MachineForm>
      )}
    </styled.div>
  )
}
