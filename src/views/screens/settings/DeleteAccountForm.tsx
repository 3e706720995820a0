import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { provideDeleteAccount } from '~/actors/account-screens.actors'
import { deleteAccountMachine } from '~/machines/delete-account.machine'
import { selectSubmitting } from '~/machines/form.select'
import { ConfirmingPasswordField } from '~/views/auth/ConfirmingPasswordField'
import { FormFailure } from '~/views/auth/FormFailure'
import { MachineForm } from '~/views/auth/MachineForm'
import { useClient } from '~/views/client-context'
import { Button, Spinner } from '~/views/ui'

/** The confirmation: the password, then `DELETE /v1/users/me`; the session logs out on success. */
export function DeleteAccountForm({ onCancel }: { readonly onCancel: () => void }) {
  const client = useClient()
  const logic = useMemo(
    () => provideDeleteAccount(deleteAccountMachine, { ...client.effects, session: client.session }),
    [client],
  )
  const form = useActorRef(logic, { input: {} })
  const submitting = useSelector(form, selectSubmitting)
  return (
    <MachineForm form={form} label="Confirm account deletion">
      <FormFailure form={form} title="Your account was not deleted" showReason={false} />
      <ConfirmingPasswordField form={form} />
      <styled.div display="flex" justifyContent="flex-end" gap="3" flexWrap="wrap">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="down" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner size="sm" aria-hidden colorPalette="gray" /> : null}
          Delete account
        </Button>
      </styled.div>
    </MachineForm>
  )
}
