import type { AddressInfo } from 'node:net'
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A parsed message with the envelope recipients the SMTP client gave. */
export interface ReceivedMail {
  recipients: string[]
  parsed: ParsedMail
}

export interface SmtpSink {
  port: number
  /** nodemailer URL for the sink: plain SMTP, no STARTTLS attempt (the sink offers none anyway). */
  url: string
  readonly received: ReceivedMail[]
  /** The next mail to the address that no earlier call took; waits for it to arrive. */
  nextMail(to: string, timeoutMs?: number): Promise<ParsedMail>
  /** Every mail to the address so far, taken or not. */
  mailsTo(to: string): ParsedMail[]
  stop(): Promise<void>
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field]
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()))
}

/**
 * A real SMTP server on 127.0.0.1 with a random port that accepts every message without authentication
 * and keeps it parsed in memory: the server under test sends through nodemailer exactly as in production.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters = new Set<(mail: ReceivedMail) => void>()

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail = {
            recipients: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            parsed,
          }
          received.push(mail)
          for (const waiter of [...waiters]) waiter(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port

  const isFor = (mail: ReceivedMail, to: string) =>
    mail.recipients.includes(to.toLowerCase()) || addresses(mail.parsed.to).includes(to.toLowerCase())

  return {
    port,
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    mailsTo: (to) => received.filter((m) => isFor(m, to)).map((m) => m.parsed),
    nextMail(to, timeoutMs = 10_000) {
      const already = received.find((m) => isFor(m, to) && !taken.has(m))
      if (already) {
        taken.add(already)
        return Promise.resolve(already.parsed)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        const waiter = (mail: ReceivedMail) => {
          if (!isFor(mail, to) || taken.has(mail)) return
          taken.add(mail)
          waiters.delete(waiter)
          clearTimeout(timer)
          resolve(mail.parsed)
        }
        waiters.add(waiter)
      })
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A header as it was sent, unfolded (mailparser restructures List-* headers into `list`). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((l) => l.key === name.toLowerCase())?.line
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim()
}
