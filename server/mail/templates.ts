import type { News } from '../../src/domain/important-messages'
import type { Mail } from './mailer'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function layout(
  greeting: string,
  paragraphs: string[],
  action: { label: string; url: string },
  /** none for a mail about an address the account does not have (an e-mail change's) */
  unsubscribeUrl?: string,
) {
  const text = [
    greeting,
    '',
    ...paragraphs,
    '',
    `${action.label}: ${action.url}`,
    ...(unsubscribeUrl ? ['', `Unsubscribe: ${unsubscribeUrl}`] : []),
  ].join('\n')
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    ...(unsubscribeUrl
      ? [`<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`]
      : []),
  ].join('\n')
  return { text, html }
}

/** One-click unsubscribe headers (RFC 8058): mail clients POST to the link without opening it. */
function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

export interface LinkSet {
  action: string
  unsubscribe: string
  unsubscribeOneClick: string
}

export function confirmEmailMail(to: string, username: string, links: LinkSet): Mail {
  return {
    to,
    subject: 'Confirm your e-mail address for Alpha',
    ...layout(
      `Hi ${username},`,
      ['welcome to Alpha! Please confirm your e-mail address.'],
      { label: 'Confirm e-mail address', url: links.action },
      links.unsubscribe,
    ),
    headers: unsubscribeHeaders(links.unsubscribeOneClick),
  }
}

export function passwordResetMail(to: string, username: string, links: LinkSet): Mail {
  return {
    to,
    subject: 'Change your Alpha password',
    ...layout(
      `Hi ${username},`,
      [
        'somebody asked to change the password of your Alpha account. The link works once, within one hour.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      { label: 'Change password', url: links.action },
      links.unsubscribe,
    ),
    headers: unsubscribeHeaders(links.unsubscribeOneClick),
  }
}

/**
 * The notice that an account's password was changed (in Settings, or by a reset link), to the address
 * on file whatever the player chose to get: if it was not them, its link sets a new password at once.
 */
export function passwordChangedMail(to: string, username: string, links: LinkSet): Mail {
  return {
    to,
    subject: 'Your Alpha password was changed',
    ...layout(
      `Hi ${username},`,
      [
        'the password of your Alpha account was just changed, and your other devices were signed out.',
        'If it was you, there is nothing to do. If it was not, choose a new password with the link below (it works once, within one hour) and no one else can sign in with the old one.',
      ],
      { label: 'Choose a new password', url: links.action },
      links.unsubscribe,
    ),
    headers: unsubscribeHeaders(links.unsubscribeOneClick),
  }
}

/** To the new address: the player asked to move their account there; the link does it. */
export function emailChangeMail(to: string, username: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your new e-mail address for Alpha',
    ...layout(
      `Hi ${username},`,
      [
        'you asked to use this address for your Alpha account. Open the link below within 24 hours to make the change; until then, mail goes to your old address.',
        'If it was not you, ignore this mail: nothing changes.',
      ],
      { label: 'Use this address', url: link },
    ),
  }
}

/** To the old address once the account moved: the change, and the link that takes it back for a week. */
export function emailChangedMail(to: string, username: string, newEmail: string, takeBack: string): Mail {
  return {
    to,
    subject: 'Your Alpha e-mail address was changed',
    ...layout(
      `Hi ${username},`,
      [
        `the e-mail address of your Alpha account is now ${newEmail}. Mail from Alpha goes there from now on.`,
        'If it was you, there is nothing to do. If it was not, the link below moves the account back to this address and signs out every device (it works for seven days); then choose a new password with "Forgot your password?" on the sign-in page.',
      ],
      { label: 'Take my address back', url: takeBack },
    ),
  }
}

/** The operator renamed the player: the name they sign in with changed, so they hear it whatever they chose. */
export function usernameChangedMail(to: string, username: string, links: LinkSet): Mail {
  return {
    to,
    subject: 'Your Alpha username was changed',
    ...layout(
      `Hi ${username},`,
      [
        `your username in Alpha is now ${username}: the operator of the game changed it, as the one you had did not fit the game's rules.`,
        `Sign in with ${username} or your e-mail address from now on. Your balance, predictions, bets and groups stay yours.`,
      ],
      { label: 'Open Alpha', url: links.action },
      links.unsubscribe,
    ),
    headers: unsubscribeHeaders(links.unsubscribeOneClick),
  }
}

/** News of the player's account or the game: an important message, the daily closeout. */
export function newsMail(to: string, username: string, news: News, links: LinkSet): Mail {
  return {
    to,
    subject: news.subject,
    ...layout(
      `Hi ${username},`,
      [...news.lines],
      { label: 'Open Alpha', url: links.action },
      links.unsubscribe,
    ),
    headers: unsubscribeHeaders(links.unsubscribeOneClick),
  }
}
