import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { Link as RouterLink } from 'wouter'
import { providePasswordReset } from '~/actors/account.actors'
import type { ResetLink } from '~/domain/account-forms'
import { passwordResetMachine } from '~/machines/account-forms.machine'
import { selectFailure, selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { loginRoute } from '~/machines/session.routes'
import { useClient } from '~/views/client-context'
import { Button, Text } from '~/views/ui'
import { accountTexts } from './account-texts'
import { FormFailure } from './FormFailure'
import { LinkProblem } from './LinkProblem'
import { MachineForm } from './MachineForm'
import { NewPasswordFields } from './NewPasswordFields'
import { SubmitButton } from './SubmitButton'

const linkFailure = 'invalid_link'

/** The new password twice (spec §5: they must match), posted with the link's userId, validUntil, sgn. */
export function ResetPasswordForm({ link }: { readonly link: ResetLink }) {
  const client = useClient()
  const logic = useMemo(() => providePasswordReset(passwordResetMachine, client.effects), [client])
  const form = useActorRef(logic, {
    input: {
      values: { userId: String(link.userId), validUntil: String(link.validUntil), sgn: link.sgn },
    },
  })
  const submitting = useSelector(form, selectSubmitting)
  const done = useSelector(form, selectSucceeded)
  const linkRefused = useSelector(form, (snapshot) => selectFailure(snapshot)?.code === linkFailure)
  if (done)
    return (
      <styled.div role="status" display="flex" flexDirection="column" gap="4">
        <Text>Your password has been changed. Please sign in with your new password.</Text>
        <Button asChild>
          <RouterLink href={loginRoute}>Sign in</RouterLink>
        </Button>
      </styled.div>
    )
  return (
    <MachineForm form={form} label="Choose a new password">
      {linkRefused ? (
        <LinkProblem title={accountTexts.linkInvalid} text={accountTexts.resetLinkInvalid} />
      ) : null}
      <FormFailure form={form} title={accountTexts.resetFailed} unless={linkFailure} />
      <NewPasswordFields form={form} />
      <SubmitButton busy={submitting}>Change password</SubmitButton>
    </MachineForm>
  )
}
