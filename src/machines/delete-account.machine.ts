import { validationTexts } from '../api/texts'
import type { FormRules } from '../domain/account-forms'
import { createFormMachine } from './form.machine'

/** The password is required to delete the account (the server checks it is the right one). */
export const deleteAccountRules: FormRules = (values): Record<string, string> =>
  typeof values.password === 'string' && values.password.length > 0
    ? {}
    : { password: validationTexts.password }

/**
 * Settings' 'Delete account': the confirmation dialog's password, sent by `DELETE /v1/users/me`;
 * src/actors logs the player out once the account is gone.
 */
export const deleteAccountMachine = createFormMachine({
  id: 'deleteAccount',
  values: { password: '' },
  rules: deleteAccountRules,
})
export type DeleteAccountMachine = typeof deleteAccountMachine
