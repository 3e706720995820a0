import { useSearch } from 'wouter'
import type { EmailChangeLink } from '~/api/auth'
import { emailChangeLinkOf } from '~/domain/account-form-rules'
import { EmailLinkPage, type EmailLinkTexts } from '~/views/auth/EmailLinkPage'

/** The link mailed to a new address: it makes the change the player asked for in Settings. */
const confirmTexts: EmailLinkTexts<EmailChangeLink> = {
  heading: 'Change your e-mail address',
  explain: ({ email, from }) => `Use ${email} for your Alpha account instead of ${from}?`,
  action: 'Use this address',
  done: 'Done! Your account uses this e-mail address now.',
  failed: 'Oops! We could not change your e-mail address',
}

/** The link mailed to the address the account left: it moves the account back and signs everyone out. */
const takeBackTexts: EmailLinkTexts<EmailChangeLink> = {
  heading: 'Take your e-mail address back',
  explain: ({ email }) =>
    `Move your Alpha account back to ${email}? Every device signed in to it is signed out.`,
  action: 'Take my address back',
  done: 'Your account uses this address again and every device is signed out. Choose a new password with "Forgot your password?" on the sign-in page.',
  failed: 'Oops! We could not take your e-mail address back',
}

/** /account/change-email?userId&email&from&validUntil&sgn (a take-back has no `from`) */
export function ChangeEmail() {
  const link = emailChangeLinkOf(useSearch())
  const texts = link?.from === undefined ? takeBackTexts : confirmTexts
  return <EmailLinkPage call="changeEmailLink" link={link} texts={texts} />
}
