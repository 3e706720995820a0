/** User-facing texts of the spec that both the server's validation and the client's forms use. */
export const validationTexts = {
  invitationCode: 'Please enter a valid invitation code',
  email: 'Please enter a valid email address',
  username: 'Please enter a valid username',
  password: 'Please enter a valid password',
  acceptTerms: 'Please agree to the terms and conditions',
  passwordMismatch: 'New password and confirmation password do not match',
} as const
