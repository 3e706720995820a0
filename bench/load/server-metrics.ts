/**
 * What the servers say about themselves during a window, read from their own `GET /metrics` (the
 * Prometheus text of prom-client; loopback callers may read it), so the bench needs no private hooks:
 * scraped right before and right after the window, counters and histograms subtracted. The event-loop
 * delay gauges are the exception: prom-client resets its delay monitor at each scrape, so the scrape
 * after the window reads the window's own p99 and max (nothing else scrapes the bench's servers).
 */

/** One scrape: `name{labels}` (labels as printed) to value. */
export type Scrape = Map<string, number>

/** The samples of Prometheus' text format (comments and NaN left out). */
export function parseMetrics(text: string): Scrape {
  const samples: Scrape = new Map()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const cut = line.lastIndexOf(' ')
    const value = Number(line.slice(cut + 1))
    if (!Number.isNaN(value)) samples.set(line.slice(0, cut), value)
  }
  return samples
}

export async function scrapeMetrics(url: string): Promise<Scrape> {
  try {
    const answer = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) })
    if (answer.ok) return parseMetrics(await answer.text())
  } catch {
    // a server too busy to answer in 5 s: its figures are missing ('?'), the step goes on
  }
  return new Map()
}

export interface JobFigures {
  runs: number
  /** seconds of all runs in the window */
  seconds: number
  /** upper bound of the bucket of the slowest run, seconds */
  slowest: number
}

/** One server process's window. */
export interface ServerFigures {
  /** false when a scrape failed: the figures below are then zeros */
  read: boolean
  loopDelayP99: number
  loopDelayMax: number
  /** GC pauses in the window, seconds in all */
  gcPause: number
  /** time a caller waited for a database connection, p99 (bucket upper bound), seconds */
  poolWaitP99: number
  /** state route as the server timed it, p99 (bucket upper bound), seconds */
  stateP99: number
  jobs: Map<string, JobFigures>
}

const labelOf = (key: string, label: string) => new RegExp(`[{,]${label}="([^"]*)"`).exec(key)?.[1]
const nameOf = (key: string) => key.split('{')[0] ?? key

/** The `_bucket` series of one histogram (selected by `pick` on the labels), as le -> count grown. */
function bucketGrowth(before: Scrape, after: Scrape, name: string, pick: (key: string) => boolean) {
  const growth = new Map<number, number>()
  for (const [key, value] of after) {
    if (nameOf(key) !== `${name}_bucket` || !pick(key)) continue
    const le = labelOf(key, 'le')
    if (le === undefined) continue
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le)
    growth.set(bound, (growth.get(bound) ?? 0) + value - (before.get(key) ?? 0))
  }
  return growth
}

/** p-th percentile's bucket upper bound from cumulative bucket counts (0 when nothing was observed). */
export function bucketPercentile(cumulative: Map<number, number>, p: number): number {
  const bounds = [...cumulative.keys()].sort((a, b) => a - b)
  const total = cumulative.get(Number.POSITIVE_INFINITY) ?? cumulative.get(bounds.at(-1) ?? 0) ?? 0
  if (total <= 0) return 0
  for (const bound of bounds) if ((cumulative.get(bound) ?? 0) >= (p / 100) * total) return bound
  return bounds.at(-1) ?? 0
}

function sumGrowth(before: Scrape, after: Scrape, name: string, pick: (key: string) => boolean = () => true) {
  let total = 0
  for (const [key, value] of after)
    if (nameOf(key) === name && pick(key)) total += value - (before.get(key) ?? 0)
  return total
}

export function serverFigures(before: Scrape, after: Scrape): ServerFigures {
  const jobs = new Map<string, JobFigures>()
  const jobNames = new Set(
    [...after.keys()]
      .filter((key) => nameOf(key) === 'job_run_duration_seconds_count')
      .map((key) => labelOf(key, 'game_job') ?? ''),
  )
  for (const job of jobNames) {
    const ofJob = (key: string) => labelOf(key, 'game_job') === job
    const runs = sumGrowth(before, after, 'job_run_duration_seconds_count', ofJob)
    if (runs <= 0) continue
    jobs.set(job, {
      runs,
      seconds: sumGrowth(before, after, 'job_run_duration_seconds_sum', ofJob),
      slowest: bucketPercentile(bucketGrowth(before, after, 'job_run_duration_seconds', ofJob), 100),
    })
  }
  const stateRoute = (key: string) => labelOf(key, 'route') === '/v1/stockgame/state'
  return {
    read: before.size > 0 && after.size > 0,
    loopDelayP99: after.get('nodejs_eventloop_lag_p99_seconds') ?? 0,
    loopDelayMax: after.get('nodejs_eventloop_lag_max_seconds') ?? 0,
    gcPause: sumGrowth(before, after, 'nodejs_gc_duration_seconds_sum'),
    poolWaitP99: bucketPercentile(
      bucketGrowth(before, after, 'db_pool_wait_seconds', () => true),
      99,
    ),
    stateP99: bucketPercentile(bucketGrowth(before, after, 'http_request_duration_seconds', stateRoute), 99),
    jobs,
  }
}

/** The processes of a scenario as one: the worst delays and waits, GC and job time added up. */
export function combineFigures(all: ServerFigures[]): ServerFigures {
  const jobs = new Map<string, JobFigures>()
  for (const figures of all) {
    for (const [name, job] of figures.jobs) {
      const sum = jobs.get(name) ?? { runs: 0, seconds: 0, slowest: 0 }
      jobs.set(name, {
        runs: sum.runs + job.runs,
        seconds: sum.seconds + job.seconds,
        slowest: Math.max(sum.slowest, job.slowest),
      })
    }
  }
  const max = (pick: (f: ServerFigures) => number) => Math.max(0, ...all.map(pick))
  return {
    read: all.length > 0 && all.every((f) => f.read),
    loopDelayP99: max((f) => f.loopDelayP99),
    loopDelayMax: max((f) => f.loopDelayMax),
    gcPause: all.reduce((sum, f) => sum + f.gcPause, 0),
    poolWaitP99: max((f) => f.poolWaitP99),
    stateP99: max((f) => f.stateP99),
    jobs,
  }
}

const msOf = (seconds: number) =>
  seconds === Number.POSITIVE_INFINITY ? '>10 s' : `${Math.round(seconds * 1000)} ms`

/** The window's server figures as the step's log text. */
export function describeServerFigures(figures: ServerFigures): string {
  if (!figures.read) return 'server metrics ? (a scrape failed)'
  const jobs = [...figures.jobs]
    .sort((a, b) => b[1].seconds - a[1].seconds)
    .map(([name, job]) => `${name} ${job.runs}× ${msOf(job.seconds / job.runs)} avg, ≤${msOf(job.slowest)}`)
  return [
    `loop delay p99 ${msOf(figures.loopDelayP99)} max ${msOf(figures.loopDelayMax)}`,
    `GC ${msOf(figures.gcPause)}`,
    `pool wait p99 ≤${msOf(figures.poolWaitP99)}`,
    `state (server) p99 ≤${msOf(figures.stateP99)}`,
    `jobs: ${jobs.join(', ') || 'none ran'}`,
  ].join(', ')
}
