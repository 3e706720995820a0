import type { FastifyBaseLogger } from 'fastify'
import type { LogOutput } from './log-output'

/** What a shutdown works with. */
export interface ShutdownParts {
  /** Stops taking requests and finishes the ones in flight (the app's close). */
  close: () => Promise<void>
  log: FastifyBaseLogger
  /** The logger's output: its last lines are flushed before the exit, for a bounded time. */
  output: LogOutput
  /** Ends the process. @default process.exit */
  exit?: (code: number) => void
  /** A shutdown still running after this long ends the process with code 1. @default 10_000 */
  deadlineMs?: number
  /** How long the last log lines may take to reach the reader before the exit. @default 1000 */
  lastLinesMs?: number
}

/**
 * The shutdown a signal starts, once: drain the requests, say bye, exit 0; exit 1 when that fails or
 * outlasts the deadline. The deadline timer only runs while the thread is free, which is why nothing
 * in the log path may block it (see log-output.ts).
 */
export function createShutdown({
  close,
  log,
  output,
  exit = process.exit,
  deadlineMs = 10_000,
  lastLinesMs = 1000,
}: ShutdownParts): (signal: NodeJS.Signals) => Promise<void> {
  let started = false
  return async (signal) => {
    if (started) return
    started = true
    // unref'd: a shutdown that finished early never waits for it
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, 'shutdown took longer than the deadline; exiting')
      exit(1)
    }, deadlineMs)
    deadline.unref()
    log.info({ signal }, 'shutting down: draining requests')
    let code = 0
    try {
      await close()
      log.info('bye')
    } catch (err) {
      log.error({ err }, 'shutdown failed')
      code = 1
    }
    await output.flush(lastLinesMs)
    clearTimeout(deadline)
    exit(code)
  }
}

/** SIGTERM (service managers) and SIGINT (Ctrl-C) both end the process through one shutdown. */
export function shutDownOnSignals(parts: ShutdownParts): void {
  const shutDown = createShutdown(parts)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutDown(signal))
}
