import { createContext } from '../app'
import { loadConfig } from '../config'
import type { AppContext } from '../context'
import { guardedLogOutput } from '../log-output'
import { createLogger } from '../logger'

/**
 * Runs one operator command on the game's context, with the server's configuration (DATABASE_URL,
 * ALPHA_DATA_DIR, SMTP_URL…): warnings and errors go to stdout, and the database is closed after. It
 * does not join a cluster (no REDIS_URL): the commands need the database only, and an operator must be
 * able to act while Redis is down.
 */
export async function withOperatorContext<T>(command: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await createContext(
    { ...loadConfig(), redisUrl: undefined },
    {
      log: createLogger('warn', guardedLogOutput(process.stdout)),
    },
  )
  try {
    return await command(ctx)
  } finally {
    await ctx.db.destroy()
  }
}
