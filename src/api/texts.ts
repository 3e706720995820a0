/** User-facing texts of the spec that both the server's validation and the client's forms use. */
export const validationTexts = {
  invitationCode: 'Please enter a valid invitation code',
  email: 'Please enter a valid email address',
  username: 'Please enter a valid username',
  /** ours: the spec's text would not say what is wrong with a name whose fault cannot be seen */
  usernameCharacters: 'A username cannot contain control, invisible or text-direction characters.',
  password: 'Please enter a valid password',
  acceptTerms: 'Please agree to the terms and conditions',
  passwordMismatch: 'New password and confirmation password do not match',
} as const
