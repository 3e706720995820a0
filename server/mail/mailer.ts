import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'

type Transport = Transporter
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
  const { smtpUrl } = options
  if (smtpUrl) {
    // nodemailer is loaded with the first mail, not at start: it costs every process memory
    // (bench/README.md "ticks") and most mail is sent long after start, if at all.
    let transport: Promise<Transport> | undefined
    let opened: Transport | undefined
    return {
      async send(mail) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        )
        opened = await transport
        await opened.sendMail({ from: options.from, ...mail })
      },
      close: () => opened?.close(),
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
