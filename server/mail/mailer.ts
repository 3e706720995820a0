import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
  /** extra headers, e.g. List-Unsubscribe (RFC 8058) */
  headers?: Record<string, string>
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * SMTP when a URL is configured; otherwise each mail is appended as one JSON line to the outbox log,
 * where an operator (or a test) reads the links a player would have received.
 */
export function createMailer(options: {
  smtpUrl?: string
  from: string
  outboxFile: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail })
      },
      close: () => transport.close(),
    }
  }
  return {
    async send(mail) {
      await mkdir(dirname(options.outboxFile), { recursive: true })
      const line = JSON.stringify({ at: new Date().toISOString(), from: options.from, ...mail })
      await appendFile(options.outboxFile, `${line}\n`, { mode: 0o600 })
      options.log.info(
        { to: mail.to, subject: mail.subject, outbox: options.outboxFile },
        'mail written to outbox',
      )
    },
    close: () => {},
  }
}
