import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { guardedLogOutput } from '../../server/log-output'
import { createLogger } from '../../server/logger'
import { createShutdown, type ShutdownParts } from '../../server/shutdown'
import { LostReader, SlowReader, StalledReader } from '../support/log-targets'

/** A shutdown over `target` whose exit codes are recorded instead of ending the test process. */
function shutdownOver(target: Writable, parts: Partial<ShutdownParts> = {}) {
  const output = guardedLogOutput(target)
  const log = createLogger('info', output)
  const exits: number[] = []
  let firstExit: (code: number) => void = () => {}
  const exited = new Promise<number>((resolve) => (firstExit = resolve))
  const exit = (code: number) => {
    exits.push(code)
    firstExit(code)
  }
  const shutDown = createShutdown({ close: async () => {}, log, output, exit, ...parts })
  return { log, exits, exited, shutDown }
}

/** The exit code when the shutdown exits within `ms`, else 'still running'. */
function exitWithin(exited: Promise<number>, ms: number): Promise<number | 'still running'> {
  return Promise.race([exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))])
}

describe('createShutdown', () => {
  it('exits 0 when the log reader went away (EPIPE) while a line was waiting', async () => {
    const target = new LostReader()
    const { log, exited, shutDown } = shutdownOver(target)
    log.info('in flight')
    log.info('waiting behind it')
    void shutDown('SIGTERM')
    expect(await exitWithin(exited, 2000)).toBe(0)
    expect(target.attempts).toHaveLength(1)
  })

  it('exits 0 when the reader goes away during the shutdown', async () => {
    const target = new LostReader()
    let finishClose: () => void = () => {}
    const { exited, shutDown } = shutdownOver(target, {
      close: () => new Promise<void>((resolve) => (finishClose = resolve)),
    })
    void shutDown('SIGTERM')
    await once(target, 'error')
    finishClose()
    expect(await exitWithin(exited, 2000)).toBe(0)
  })

  it('writes the last lines before it exits', async () => {
    const target = new SlowReader(30)
    const { exited, shutDown } = shutdownOver(target)
    void shutDown('SIGINT')
    expect(await exitWithin(exited, 2000)).toBe(0)
    const lines = target.written.join('')
    expect(lines).toContain('"signal":"SIGINT"')
    expect(lines).toContain('"msg":"bye"')
  })

  it('exits 0 without waiting past lastLinesMs for a reader that does not read', async () => {
    const { exited, shutDown } = shutdownOver(new StalledReader(), { lastLinesMs: 50 })
    void shutDown('SIGTERM')
    expect(await exitWithin(exited, 2000)).toBe(0)
  })

  it('exits 1 at the deadline when draining the requests does not end', async () => {
    const { exited, shutDown } = shutdownOver(new SlowReader(0), {
      close: () => new Promise<void>(() => {}),
      deadlineMs: 100,
    })
    void shutDown('SIGTERM')
    expect(await exitWithin(exited, 2000)).toBe(1)
  })

  it('exits 1 when draining the requests fails', async () => {
    const { exited, shutDown } = shutdownOver(new SlowReader(0), {
      close: () => Promise.reject(new Error('the database would not close')),
    })
    void shutDown('SIGTERM')
    expect(await exitWithin(exited, 2000)).toBe(1)
  })

  it('a second signal starts no second shutdown', async () => {
    let closes = 0
    const { exits, shutDown } = shutdownOver(new SlowReader(0), {
      close: async () => {
        closes++
      },
    })
    await Promise.all([shutDown('SIGTERM'), shutDown('SIGINT')])
    expect(closes).toBe(1)
    expect(exits).toEqual([0])
  })
})
