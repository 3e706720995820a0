import type { Writable } from 'node:stream'

/**
 * Lines waiting for a reader that does not read are kept up to this much; beyond it new lines are
 * dropped rather than held in memory.
 */
const defaultMaxQueuedBytes = 16 * 1024 * 1024

/** Where the logger's lines go: pino's destination interface, and a bounded flush for the exit. */
export interface LogOutput {
  /** Takes one serialized line. Never throws and never waits: a line the output cannot take is dropped. */
  write(line: string): void
  /**
   * Settles once every line written so far was handed to the operating system, the output failed,
   * or `timeoutMs` passed: the last lines before an exit, without waiting on a reader that does not read.
   */
  flush(timeoutMs: number): Promise<void>
}

/**
 * A log output over a Node stream (process.stdout). pino's default destination, sonic-boom, retries a
 * failed write without end in the flushSync it runs at exit: with the reader of stdout gone (EPIPE)
 * the process never ended. A Node stream on a pipe writes without blocking, its first error ends it,
 * and nothing flushes it synchronously at exit, so a lost reader costs the lines and nothing else.
 * Deliberately no `flushSync`: pino calls one after every `fatal` line when the destination has it.
 */
export function guardedLogOutput(target: Writable, maxQueuedBytes = defaultMaxQueuedBytes): LogOutput {
  // The reader went away (EPIPE) or the descriptor was closed (EBADF): the stream is no longer
  // writable, later lines are dropped by the check in write, and there is nobody left to tell.
  target.on('error', () => {})
  return {
    write(line) {
      if (!target.writable || target.writableLength > maxQueuedBytes) return
      target.write(line)
    },
    flush(timeoutMs) {
      if (!target.writable || target.writableLength === 0) return Promise.resolve()
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          target.off('error', done)
          resolve()
        }
        const timer = setTimeout(done, timeoutMs)
        target.once('error', done)
        // called once the lines before it were written, or with the error that ended the stream
        target.write('', done)
      })
    },
  }
}
