import { signInRules } from '../domain/account-forms'
import { createFormMachine } from './form.machine'

/** Sign-in with e-mail address or username; the submission goes through the session. */
export const signInFormMachine = createFormMachine({
  id: 'signInForm',
  values: { login: '', password: '' },
  rules: signInRules,
})
