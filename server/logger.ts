import pino, { type Logger } from 'pino'
import type { LogOutput } from './log-output'

/** The server's pino logger on `output`; what identifies a player's session never reaches the log. */
export function createLogger(level: string, output: LogOutput): Logger {
  return pino(
    {
      level,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    output,
  )
}
