import type { News } from '../../src/domain/important-messages'
import type { Mail } from './mailer'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function layout(
  greeting: string,
  paragraphs: string[],
  action: { label: string; url: string },
  unsubscribeUrl: string,
) {
  const text = [
    greeting,
    '',
    ...paragraphs,
    '',
    `${action.label}: ${action.url}`,
    '',
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n')
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
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
