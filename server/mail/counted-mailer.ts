import type { Counter } from 'prom-client'
import type { Mailer } from './mailer'

/**
 * Counts every mail by what came of it (`sent`: the SMTP server or the outbox took it, `failed`), for
 * `mail_messages_total` on GET /metrics: a mail server that refuses shows as a rising `failed` rather
 * than only as log lines.
 */
export function countedMailer(mailer: Mailer, mails: Counter<'result'>): Mailer {
  return {
    async send(mail) {
      try {
        await mailer.send(mail)
      } catch (err) {
        mails.inc({ result: 'failed' })
        throw err
      }
      mails.inc({ result: 'sent' })
    },
    close: () => mailer.close(),
  }
}
