import { describe, expect, it } from 'vitest'
import {
  bucketPercentile,
  combineFigures,
  parseMetrics,
  serverFigures,
} from '../../bench/load/server-metrics'
import { createMetrics } from '../../server/metrics/metrics'

/** bench/load reads the servers' own /metrics before and after a window and subtracts. */
describe("the load bench's reading of a server's /metrics", () => {
  it('subtracts histograms and counters of two scrapes of a real registry', async () => {
    const metrics = createMetrics()
    metrics.jobRunDuration.observe({ game_job: 'settle polls' }, 0.004)
    metrics.poolWait.observe(0.3)
    const before = parseMetrics(await metrics.render())
    for (const seconds of [0.002, 0.02, 0.3])
      metrics.jobRunDuration.observe({ game_job: 'settle polls' }, seconds)
    metrics.jobRunDuration.observe({ game_job: 'open polls' }, 0.0005)
    for (let i = 0; i < 99; i++) metrics.poolWait.observe(0.0002)
    metrics.poolWait.observe(2)
    const route = { method: 'GET', route: '/v1/stockgame/state', status_code: '200' }
    for (let i = 0; i < 100; i++) metrics.httpRequestDuration.observe(route, i < 98 ? 0.004 : 0.15)
    const after = parseMetrics(await metrics.render())

    const figures = serverFigures(before, after)
    expect(figures.read).toBe(true)
    // the run before the first scrape is not the window's
    expect(figures.jobs.get('settle polls')).toEqual({
      runs: 3,
      seconds: expect.closeTo(0.322, 6),
      slowest: 0.5,
    })
    expect(figures.jobs.get('open polls')).toMatchObject({ runs: 1, slowest: 0.001 })
    // 99 waits in the first bucket, one of 2 s: the p99 is the first bucket's bound; the 0.3 s before is not counted
    expect(figures.poolWaitP99).toBe(0.0005)
    expect(figures.stateP99).toBe(0.2)
    expect(figures.gcPause).toBeGreaterThanOrEqual(0)
    expect(figures.loopDelayP99).toBeGreaterThanOrEqual(0)
  })

  it('takes the worst process for delays and waits and adds up GC and jobs', () => {
    const one = {
      read: true,
      loopDelayP99: 0.01,
      loopDelayMax: 0.05,
      gcPause: 0.1,
      poolWaitP99: 0.001,
      stateP99: 0.05,
      jobs: new Map([['fold', { runs: 2, seconds: 0.01, slowest: 0.01 }]]),
    }
    const other = {
      ...one,
      loopDelayMax: 0.2,
      gcPause: 0.3,
      jobs: new Map([['fold', { runs: 1, seconds: 0.1, slowest: 0.1 }]]),
    }
    const both = combineFigures([one, other])
    expect(both).toMatchObject({ read: true, loopDelayMax: 0.2, gcPause: expect.closeTo(0.4, 6) })
    expect(both.jobs.get('fold')).toEqual({ runs: 3, seconds: expect.closeTo(0.11, 6), slowest: 0.1 })
    expect(combineFigures([one, { ...other, read: false }]).read).toBe(false)
  })

  it('reads a percentile as the bound of the bucket it falls in, 0 when nothing was observed', () => {
    const cumulative = new Map([
      [0.1, 90],
      [1, 99],
      [Number.POSITIVE_INFINITY, 100],
    ])
    expect(bucketPercentile(cumulative, 50)).toBe(0.1)
    expect(bucketPercentile(cumulative, 99)).toBe(1)
    expect(bucketPercentile(cumulative, 100)).toBe(Number.POSITIVE_INFINITY)
    expect(bucketPercentile(new Map([[0.1, 0]]), 99)).toBe(0)
  })
})
