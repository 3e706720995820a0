import pino from 'pino'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { systemClock } from '../../server/clock'
import { JobRunner } from '../../server/jobs/job-runner'

describe('JobRunner.start', () => {
  // Only the interval is faked: a pass yields to requests through a real setImmediate between jobs.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Lets the real setImmediate turns a pass waits for between its jobs pass. */
  async function settle() {
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
  }

  /** Moves time on a second at a time, letting the pass each tick started finish before the next. */
  async function ticks(ms: number) {
    for (let done = 0; done < ms; done += 1000) {
      await vi.advanceTimersByTimeAsync(Math.min(1000, ms - done))
      await settle()
    }
    await settle()
  }

  function runnerCountingPasses() {
    const runner = new JobRunner(systemClock, pino({ level: 'silent' }))
    const passes = { count: 0 }
    runner.register({
      name: 'count',
      run: async () => {
        passes.count += 1
      },
    })
    return { runner, passes }
  }

  it('runs a pass every interval', async () => {
    const { runner, passes } = runnerCountingPasses()
    runner.start(1000)
    await ticks(3000)
    expect(passes.count).toBe(3)
    await runner.stop()
    await ticks(3000)
    expect(passes.count).toBe(3)
  })

  it('runs passes only while this process may (a cluster: the elected publisher)', async () => {
    const { runner, passes } = runnerCountingPasses()
    let publisher = false
    runner.start(1000, () => publisher)
    await ticks(3000)
    expect(passes.count).toBe(0)
    publisher = true
    await ticks(2000)
    expect(passes.count).toBe(2)
    publisher = false
    await ticks(2000)
    expect(passes.count).toBe(2)
    await runner.stop()
  })

  it('skips the ticks that come while a pass is still under way, instead of queueing passes', async () => {
    const runner = new JobRunner(systemClock, pino({ level: 'silent' }))
    let passes = 0
    let release: () => void = () => {}
    runner.register({
      name: 'slow',
      run: async () => {
        passes += 1
        await new Promise<void>((resolve) => {
          release = resolve
        })
      },
    })
    runner.start(1000)
    await ticks(5000)
    expect(passes).toBe(1)
    release()
    await ticks(0)
    // the four ticks during the slow pass left nothing behind: the next pass comes with the next tick
    expect(passes).toBe(1)
    await ticks(1000)
    expect(passes).toBe(2)
    release()
    await runner.stop()
  })

  it('still runs every job when asked directly (the test clock route)', async () => {
    const { runner, passes } = runnerCountingPasses()
    runner.start(1000, () => false)
    await runner.runAll()
    expect(passes.count).toBe(1)
    await runner.stop()
  })
})

describe('JobRunner.runAll', () => {
  it('gives waiting requests a turn of the event loop between two jobs of a pass', async () => {
    const runner = new JobRunner(systemClock, pino({ level: 'silent' }))
    const order: string[] = []
    for (const name of ['first job', 'second job'])
      runner.register({
        name,
        run: async () => {
          order.push(name)
        },
      })
    const pass = runner.runAll()
    // a request that arrived while the first job ran
    setImmediate(() => order.push('request'))
    await pass
    expect(order).toEqual(['first job', 'request', 'second job'])
  })

  it('tells the timer how long each job took and whether it failed, a failing one included', async () => {
    const timed: string[] = []
    const runner = new JobRunner(systemClock, pino({ level: 'silent' }), (job, seconds, failed) => {
      expect(seconds).toBeGreaterThanOrEqual(0)
      timed.push(`${job}${failed ? ' failed' : ''}`)
    })
    runner.register({
      name: 'fails',
      run: async () => {
        throw new Error('no')
      },
    })
    runner.register({ name: 'works', run: async () => {} })
    await runner.runAll()
    expect(timed).toEqual(['fails failed', 'works'])
  })
})
