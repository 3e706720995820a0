import { Writable } from 'node:stream'

/**
 * stdout on a pipe whose reader has gone: every write fails with EPIPE, reported a moment later as
 * the operating system does, so a line written meanwhile waits behind the failing one.
 */
export class LostReader extends Writable {
  /** The lines handed to the operating system. */
  readonly attempts: string[] = []
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error) => void): void {
    this.attempts.push(chunk.toString())
    setImmediate(() => callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })))
  }
}

/** stdout on a pipe whose reader does not read: a write is taken and never completes. */
export class StalledReader extends Writable {
  readonly attempts: string[] = []
  override _write(chunk: Buffer): void {
    this.attempts.push(chunk.toString())
  }
}

/** A reader that takes each write after `delayMs`. */
export class SlowReader extends Writable {
  readonly written: string[] = []
  constructor(private readonly delayMs: number) {
    super()
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    setTimeout(() => {
      this.written.push(chunk.toString())
      callback()
    }, this.delayMs)
  }
}
