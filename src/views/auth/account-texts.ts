/** The account pages' texts; the spec's (§8 "Account") exactly, the rest ours. */
export const accountTexts = {
  signUpFailed: 'Oops! We could not sign you up',
  signInFailed: 'Oops! We could not log you in',
  resetRequestFailed:
    'Oops! We could not send you instructions on how to change your password. Please try again later.',
  resetFailed: 'Oops! We could not change your password. Please try again later.',
  forgotPassword: 'Forgot your password?',
  resetRequestSent:
    'If an account uses this address, we have sent it instructions on how to change your password. Please check your inbox.',
  linkInvalid: 'This link is invalid or has expired.',
  resetLinkExpired:
    'This link to change your password has expired: links are valid for one hour. Please ask for a new one with "Forgot your password?" on the sign-in page.',
  resetLinkInvalid:
    'This link to change your password is incomplete or has been used already. Please ask for a new one with "Forgot your password?" on the sign-in page.',
  passwordHelp: '12 to 128 characters',
} as const
