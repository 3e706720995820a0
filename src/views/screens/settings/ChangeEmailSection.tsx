import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { provideChangeEmail } from '~/actors/account-screens.actors'
import { isLoggedInUser } from '~/api/guest-user'
import { changeEmailMachine } from '~/machines/change-email.machine'
import { selectFieldText, selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { selectUser } from '~/machines/session.select'
import { ConfirmingPasswordField } from '~/views/auth/ConfirmingPasswordField'
import { FormFailure } from '~/views/auth/FormFailure'
import { FormTextField } from '~/views/auth/FormTextField'
import { MachineForm } from '~/views/auth/MachineForm'
import { useClient } from '~/views/client-context'
import { Button, Spinner } from '~/views/ui'
import { FormDone } from './FormDone'
import { SettingsSection } from './SettingsSection'

/**
 * A signed-in player moves their account to another address (a mistyped one at sign-up, a new provider):
 * the server mails the new address a link, and nothing changes until it is opened there.
 */
export function ChangeEmailSection() {
  const client = useClient()
  const user = useSelector(client.session, selectUser)
  const logic = useMemo(() => provideChangeEmail(changeEmailMachine, client.effects), [client])
  const form = useActorRef(logic, { input: {} })
  const submitting = useSelector(form, selectSubmitting)
  const done = useSelector(form, selectSucceeded)
  const asked = useSelector(form, (snapshot) => selectFieldText(snapshot, 'email'))
  if (!isLoggedInUser(user)) return null
  return (
    <SettingsSection
      id="settings-email"
      title="E-mail address"
      description={`Alpha writes to ${user.email}. Another address takes effect once you open the link we send there.`}
    >
      {done ? (
        <FormDone
          form={form}
          text={`We sent a link to ${asked.trim()}. Open it within 24 hours to use that address; until then, mail goes to ${user.email}.`}
          again="Use another address"
        />
      ) : (
        <MachineForm form={form} label="Change e-mail address">
          <FormFailure form={form} title="The link was not sent" />
          <FormTextField
            form={form}
            field="email"
            label="New e-mail address"
            type="email"
            autoComplete="email"
            required
          />
          <ConfirmingPasswordField form={form} />
          <Button type="submit" disabled={submitting} aria-busy={submitting} alignSelf="flex-start">
            {submitting ? <Spinner size="sm" aria-hidden colorPalette="gray" /> : null}
            Send the link
          </Button>
        </MachineForm>
      )}
    </SettingsSection>
  )
}
