import { passwordResetRequestRules, passwordResetRules, signUpRules } from '../domain/account-form-rules'
import { createFormMachine } from './form.machine'

// the sign-in form's machine is apart: the sign-in route loads no zod
export { signInFormMachine } from './sign-in-form.machine'

/** Spec §2 sign-up: the fields of the onboarding page's sign-up form. */
export const signUpMachine = createFormMachine({
  id: 'signUp',
  values: {
    invitationCode: '',
    email: '',
    username: '',
    password: '',
    firstName: '',
    lastName: '',
    acceptTerms: false,
  },
  rules: signUpRules,
})

/** 'Forgot your password?': the address to send instructions to. */
export const passwordResetRequestMachine = createFormMachine({
  id: 'passwordResetRequest',
  values: { email: '' },
  rules: passwordResetRequestRules,
})

/** The reset page: a new password twice; the link's userId, validUntil and sgn arrive as input. */
export const passwordResetMachine = createFormMachine({
  id: 'passwordReset',
  values: { password: '', confirmation: '' },
  rules: passwordResetRules,
})

/** Confirm-email and unsubscribe: a button that posts the link's userId, email and sgn. */
export const emailLinkMachine = createFormMachine({ id: 'emailLink', values: {}, rules: () => ({}) })
