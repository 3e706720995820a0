import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { guardedLogOutput } from '../../server/log-output'
import { createLogger } from '../../server/logger'
import { LostReader, SlowReader, StalledReader } from '../support/log-targets'

/** 'settled' when the promise settles within `ms`, else 'pending'. */
function settlesWithin(promise: Promise<unknown>, ms: number): Promise<'settled' | 'pending'> {
  return Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])
}

describe('guardedLogOutput', () => {
  it('drops every line once the reader is gone (EPIPE), the waiting one included, and never throws', async () => {
    const target = new LostReader()
    const log = createLogger('info', guardedLogOutput(target))
    log.info('in flight')
    log.info('waiting behind it')
    await once(target, 'error')

    expect(() => {
      log.info('after the reader went away')
      log.fatal('fatal lines flush the destination synchronously when it can')
    }).not.toThrow()
    expect(target.attempts).toHaveLength(1)
    expect(target.attempts[0]).toContain('"msg":"in flight"')
  })

  it('flush settles at once when the reader is gone, although lines were waiting', async () => {
    const target = new LostReader()
    const output = guardedLogOutput(target)
    output.write('in flight\n')
    output.write('waiting behind it\n')
    await once(target, 'error')
    expect(await settlesWithin(output.flush(60_000), 1000)).toBe('settled')
  })

  it('flush settles when the reader goes away while it waits', async () => {
    const target = new LostReader()
    const output = guardedLogOutput(target)
    output.write('in flight\n')
    output.write('waiting behind it\n')
    expect(await settlesWithin(output.flush(60_000), 1000)).toBe('settled')
  })

  it('flush waits until the lines written so far were taken', async () => {
    const target = new SlowReader(50)
    const output = guardedLogOutput(target)
    output.write('first\n')
    output.write('second\n')
    await output.flush(60_000)
    expect(target.written.join('')).toBe('first\nsecond\n')
  })

  it('flush gives up after its timeout on a reader that does not read', async () => {
    const target = new StalledReader()
    const output = guardedLogOutput(target)
    output.write('never taken\n')
    expect(await settlesWithin(output.flush(100), 5000)).toBe('settled')
    expect(target.writableLength).toBeGreaterThan(0)
  })

  it('keeps at most the bound waiting for a reader that does not read; later lines are dropped', () => {
    const target = new StalledReader()
    const output = guardedLogOutput(target, 10)
    output.write('0123456789\n') // taken: nothing was waiting
    output.write('dropped\n') // 11 bytes wait already
    expect(target.attempts).toEqual(['0123456789\n'])
    expect(target.writableLength).toBe(11)
  })
})
