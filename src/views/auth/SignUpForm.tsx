import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideSignUp } from '~/actors/account.actors'
import type { SocialProvider } from '~/api/oauth'
import { signUpMachine } from '~/machines/account-forms.machine'
import { selectSubmitting } from '~/machines/form.select'
import { useClient } from '~/views/client-context'
import { accountTexts } from './account-texts'
import { FormFailure } from './FormFailure'
import { FormTextField } from './FormTextField'
import { MachineForm } from './MachineForm'
import { SocialButtons } from './SocialButtons'
import { SubmitButton } from './SubmitButton'
import { TermsCheckbox } from './TermsCheckbox'

export interface SignUpFormProps {
  /** a code from the invitation link's query */
  readonly invitationCode?: string
  readonly providers: readonly SocialProvider[]
}

/**
 * Spec §2 sign-up: invitation code, e-mail, username, password, optional names and the terms. Problems
 * show on each field on blur and on submit; the session signs the new player in and routes them on.
 */
export function SignUpForm({ invitationCode, providers }: SignUpFormProps) {
  const client = useClient()
  const logic = useMemo(
    () => provideSignUp(signUpMachine, { ...client.effects, session: client.session }),
    [client],
  )
  const form = useActorRef(logic, { input: { values: invitationCode ? { invitationCode } : {} } })
  const submitting = useSelector(form, selectSubmitting)
  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <MachineForm form={form} label="Sign up">
        <FormFailure form={form} title={accountTexts.signUpFailed} />
        <FormTextField
          form={form}
          field="invitationCode"
          label="Invitation code"
          autoComplete="off"
          required
        />
        <FormTextField form={form} field="email" label="E-mail" type="email" autoComplete="email" required />
        <FormTextField
          form={form}
          field="username"
          label="Username"
          autoComplete="username"
          required
          helperText="3 to 24 letters, digits or _ ; other players see it"
        />
        <FormTextField
          form={form}
          field="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          helperText={accountTexts.passwordHelp}
        />
        <styled.div display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <FormTextField
            form={form}
            field="firstName"
            label="First name (optional)"
            autoComplete="given-name"
          />
          <FormTextField
            form={form}
            field="lastName"
            label="Last name (optional)"
            autoComplete="family-name"
          />
        </styled.div>
        <TermsCheckbox form={form} />
        <SubmitButton busy={submitting}>Sign up</SubmitButton>
      </MachineForm>
      <SocialButtons providers={providers} mode="signUp" form={form} />
    </styled.div>
  )
}
