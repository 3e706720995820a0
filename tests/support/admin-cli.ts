import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { runTsx } from './processes'
import type { TestServer } from './test-server'

/** `npm run admin -- …args` on the test server's database, as an operator runs it beside the game. */
export function adminCliOf(server: TestServer): (...args: string[]) => ReturnType<typeof runTsx> {
  // the server's own configuration, as beside a real deployment: its database and the links' origin
  const env: Record<string, string> = {
    ALPHA_DATA_DIR: server.dataDir,
    APP_ORIGIN: server.ctx.config.appOrigin,
    LOG_LEVEL: 'warn',
  }
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

/**
 * Runs each refused command (its arguments, and a text its error output must hold) side by side, each a
 * process of its own, and expects exit code 2 and that text from every one.
 */
export async function expectCliRefusals(
  admin: ReturnType<typeof adminCliOf>,
  refusals: readonly (readonly [readonly string[], string])[],
): Promise<void> {
  const runs = await Promise.all(refusals.map(([args]) => admin(...args)))
  for (const [i, [args, said]] of refusals.entries()) {
    expect(runs[i]?.code, args.join(' ')).toBe(2)
    expect(runs[i]?.stderr, args.join(' ')).toContain(said)
  }
}
