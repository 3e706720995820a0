import { changePasswordRules } from '../domain/account-form-rules'
import { createFormMachine } from './form.machine'

/**
 * Settings' 'Change password': the current password, the new one twice, sent by
 * `PUT /v1/users/me/password`; the player's other devices are signed out by the server.
 */
export const changePasswordMachine = createFormMachine({
  id: 'changePassword',
  values: { currentPassword: '', password: '', confirmation: '' },
  rules: changePasswordRules,
})
export type ChangePasswordMachine = typeof changePasswordMachine
