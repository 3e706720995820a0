import { changeEmailRules } from '../domain/account-form-rules'
import { createFormMachine } from './form.machine'

/**
 * Settings' 'Change e-mail address': the new address and the password, sent by `PUT /v1/users/me/email`;
 * the server mails a link to the new address, and the account moves when it is opened.
 */
export const changeEmailMachine = createFormMachine({
  id: 'changeEmail',
  values: { email: '', password: '' },
  rules: changeEmailRules,
})
export type ChangeEmailMachine = typeof changeEmailMachine
