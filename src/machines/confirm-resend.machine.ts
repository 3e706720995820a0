import { createFormMachine } from './form.machine'

/**
 * Settings' "Send the link again": a new confirmation link for a player whose address is not confirmed
 * (`POST /v1/auth/confirm-email/resend`). A form without fields: the submission is the whole of it, a
 * failure shows with the button to try again.
 */
export const confirmResendMachine = createFormMachine({ id: 'confirmResend', values: {}, rules: () => ({}) })
export type ConfirmResendMachine = typeof confirmResendMachine
