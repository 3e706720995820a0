import { useSearch } from 'wouter'
import { emailLinkOf } from '~/domain/account-form-rules'
import { EmailLinkPage, type EmailLinkTexts } from '~/views/auth/EmailLinkPage'

const texts: EmailLinkTexts = {
  heading: 'Confirm your e-mail',
  explain: ({ email }) => `Please confirm that ${email} is your e-mail address.`,
  action: 'Confirm e-mail address',
  done: 'Thank you! Your e-mail address is confirmed.',
  failed: 'Oops! We could not confirm your e-mail address',
}

/** /account/confirm-email?userId&email&sgn */
export function ConfirmEmail() {
  return <EmailLinkPage call="confirmEmail" link={emailLinkOf(useSearch())} texts={texts} />
}
