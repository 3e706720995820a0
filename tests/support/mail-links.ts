/** The first link in a mail's text whose path is `path`, e.g. '/account/confirm-email'. */
export function linkIn(text: string, path: string): URL {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0])
    if (url.pathname === path) return url
  }
  throw new Error(`no link to ${path} in mail:\n${text}`)
}

/** The query of a link as the SPA page posts it: every parameter as a string. */
export function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams)
}

/** The URL inside a `List-Unsubscribe: <url>` header value. */
export function listUnsubscribeUrl(header: string | undefined): URL {
  const match = /<(https?:\/\/[^>]+)>/.exec(header ?? '')
  if (!match?.[1]) throw new Error(`no URL in List-Unsubscribe header ${header}`)
  return new URL(match[1])
}

/** Takes mails to the address until one carries a link to `path` (skipping e.g. the sign-up's confirmation mail). */
export async function nextLinkTo(
  mailbox: { nextMail(to: string): Promise<{ text?: string | false }> },
  to: string,
  path: string,
): Promise<URL> {
  for (let i = 0; i < 10; i++) {
    const mail = await mailbox.nextMail(to)
    const text = mail.text || ''
    if (text.includes(path)) return linkIn(text, path)
  }
  throw new Error(`no mail to ${to} with a link to ${path}`)
}

/** Takes mails to the address until the one with `subject` (skipping e.g. the sign-up's confirmation mail). */
export async function nextMailWithSubject<M extends { subject?: string }>(
  mailbox: { nextMail(to: string): Promise<M> },
  to: string,
  subject: string,
): Promise<M> {
  for (let i = 0; i < 10; i++) {
    const mail = await mailbox.nextMail(to)
    if (mail.subject === subject) return mail
  }
  throw new Error(`no mail '${subject}' to ${to}`)
}

/**
 * A signature (base64url) with one character in its middle flipped, keeping its length. The middle, not the
 * end: the last character of a 32-byte signature carries padding bits a decoder may ignore, and a character
 * replaced by itself changes nothing.
 */
export function tamperedSignature(sgn: string): string {
  const i = Math.floor(sgn.length / 2)
  return sgn.slice(0, i) + (sgn[i] === 'A' ? 'B' : 'A') + sgn.slice(i + 1)
}
