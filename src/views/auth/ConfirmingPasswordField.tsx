import type { ActorRefFrom } from 'xstate'
import type { FormMachine } from '~/machines/form.machine'
import { FormTextField } from './FormTextField'

/**
 * The password that confirms a change of the account (its address, its password, its deletion). An
 * account made by a social provider has none: the server takes its username instead, and the help
 * says so.
 */
export function ConfirmingPasswordField({
  form,
  field = 'password',
  label = 'Password',
}: {
  readonly form: ActorRefFrom<FormMachine>
  readonly field?: string
  readonly label?: string
}) {
  return (
    <FormTextField
      form={form}
      field={field}
      label={label}
      type="password"
      autoComplete="current-password"
      required
      helperText="Signed up through Google or another provider, without a password? Type your username."
    />
  )
}
