import { useSearch } from 'wouter'
import { emailLinkOf } from '~/domain/account-form-rules'
import { EmailLinkPage, type EmailLinkTexts } from '~/views/auth/EmailLinkPage'

const texts: EmailLinkTexts = {
  heading: 'Unsubscribe',
  explain: ({ email }) => `Stop sending e-mails about the game to ${email}?`,
  action: 'Unsubscribe from e-mails',
  done: 'You are unsubscribed: we will send no more game e-mails to this address.',
  failed: 'Oops! We could not unsubscribe you',
}

/** /account/unsubscribe-from-email?userId&email&sgn */
export function Unsubscribe() {
  return <EmailLinkPage call="unsubscribe" link={emailLinkOf(useSearch())} texts={texts} />
}
