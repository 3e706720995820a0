import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideSignInForm } from '~/actors/account.actors'
import { selectSubmitting } from '~/machines/form.select'
import { signInFormMachine } from '~/machines/sign-in-form.machine'
import { useClient } from '~/views/client-context'
import { accountTexts } from './account-texts'
import { ForgotPasswordDialog } from './ForgotPasswordDialog'
import { FormFailure } from './FormFailure'
import { FormTextField } from './FormTextField'
import { MachineForm } from './MachineForm'
import { SubmitButton } from './SubmitButton'

/** Sign in with e-mail address or username and password; the session routes the player on. */
export function SignInForm() {
  const client = useClient()
  const logic = useMemo(() => provideSignInForm(signInFormMachine, { session: client.session }), [client])
  const form = useActorRef(logic, { input: {} })
  const submitting = useSelector(form, selectSubmitting)
  return (
    <MachineForm form={form} label="Sign in">
      <FormFailure form={form} title={accountTexts.signInFailed} />
      <FormTextField form={form} field="login" label="E-mail or username" autoComplete="username" required />
      <FormTextField
        form={form}
        field="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <styled.div display="flex" justifyContent="flex-end">
        <ForgotPasswordDialog />
      </styled.div>
      <SubmitButton busy={submitting}>Sign in</SubmitButton>
    </MachineForm>
  )
}
