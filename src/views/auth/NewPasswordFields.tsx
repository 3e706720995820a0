import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { accountTexts } from './account-texts'
import { FormTextField } from './FormTextField'

/** A new password and the same again (fields `password` and `confirmation`): the reset page, Settings. */
export function NewPasswordFields({ form }: { readonly form: ActorRefFrom<FormMachine> }) {
  return (
    <>
      <FormTextField
        form={form}
        field="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        helperText={accountTexts.passwordHelp}
      />
      <FormTextField
        form={form}
        field="confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  )
}
