import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runTsx } from './processes'
import type { TestServer } from './test-server'

/** `npm run admin -- …args` on the test server's database, as an operator runs it beside the game. */
export function adminCliOf(server: TestServer): (...args: string[]) => ReturnType<typeof runTsx> {
  const env: Record<string, string> = { ALPHA_DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' }
  if (server.ctx.config.databaseUrl) env.DATABASE_URL = server.ctx.config.databaseUrl
  return (...args) => runTsx('server/admin.ts', args, env)
}

/** The mails the admin CLI wrote to the data folder's outbox for `to` (it has no SMTP server here). */
export function cliMailsTo(server: TestServer, to: string): { subject: string; text: string }[] {
  return readFileSync(join(server.dataDir, 'outbox.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((mail) => mail.to === to)
}
