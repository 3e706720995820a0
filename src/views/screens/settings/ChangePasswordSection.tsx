import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { provideChangePassword } from '~/actors/account-screens.actors'
import { changePasswordMachine } from '~/machines/change-password.machine'
import { selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { ConfirmingPasswordField } from '~/views/auth/ConfirmingPasswordField'
import { FormFailure } from '~/views/auth/FormFailure'
import { MachineForm } from '~/views/auth/MachineForm'
import { NewPasswordFields } from '~/views/auth/NewPasswordFields'
import { useClient } from '~/views/client-context'
import { Button, Spinner } from '~/views/ui'
import { FormDone } from './FormDone'
import { SettingsSection } from './SettingsSection'

/** A signed-in player changes their password with the current one; their other devices are signed out. */
export function ChangePasswordSection() {
  const client = useClient()
  const logic = useMemo(() => provideChangePassword(changePasswordMachine, client.effects), [client])
  const form = useActorRef(logic, { input: {} })
  const submitting = useSelector(form, selectSubmitting)
  const done = useSelector(form, selectSucceeded)
  return (
    <SettingsSection
      id="settings-password"
      title="Password"
      description="Change the password you sign in with. Your other devices are signed out; this one stays."
    >
      {done ? (
        <FormDone
          form={form}
          text="Your password has been changed. Your other devices are signed out."
          again="Change it again"
        />
      ) : (
        <MachineForm form={form} label="Change password">
          <FormFailure form={form} title="Your password was not changed" />
          <ConfirmingPasswordField form={form} field="currentPassword" label="Current password" />
          <NewPasswordFields form={form} />
          <Button type="submit" disabled={submitting} aria-busy={submitting} alignSelf="flex-start">
            {submitting ? <Spinner size="sm" aria-hidden colorPalette="gray" /> : null}
            Change password
          </Button>
        </MachineForm>
      )}
    </SettingsSection>
  )
}
