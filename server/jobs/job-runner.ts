import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../clock'

/**
 * A periodic piece of game work (evaluate due predictions, open and settle polls, award trophies).
 * Jobs must be idempotent and set-based: two server processes may run the same job at once.
 */
export interface Job {
  name: string
  run(now: number): Promise<void>
}

/**
 * Lets the requests that arrived meanwhile run before more job work: better-sqlite3 is synchronous, so
 * job statements run back to back would hold up every queued request until the job ends. Jobs call it
 * between batches and transactions (never inside one: a transaction holds the connection).
 */
export function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Told how long each job's pass took and whether it failed (the metrics' job run times and failures). */
export type JobTimer = (job: string, seconds: number, failed: boolean) => void

/** Runs every registered job in turn on the server clock; tests call `runAll` right after moving the clock. */
export class JobRunner {
  readonly #jobs: Job[] = []
  #timer: NodeJS.Timeout | undefined
  #current: Promise<void> | undefined

  constructor(
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly timeJob: JobTimer = () => {},
  ) {}

  register(job: Job): void {
    this.#jobs.push(job)
  }

  /** One pass over all jobs; a pass already under way is awaited first, so passes never overlap. */
  async runAll(): Promise<void> {
    while (this.#current) await this.#current
    this.#current = this.#pass().finally(() => {
      this.#current = undefined
    })
    return this.#current
  }

  async #pass(): Promise<void> {
    for (const job of this.#jobs) {
      const started = Date.now()
      let failed = false
      try {
        await job.run(this.clock.now())
      } catch (err) {
        // One failing job must not stop the others; it is retried on the next pass.
        failed = true
        this.log.error({ err, job: job.name }, 'job failed')
      }
      const tookMs = Date.now() - started
      this.timeJob(job.name, tookMs / 1000, failed)
      if (tookMs > 1000) this.log.warn({ job: job.name, tookMs }, 'slow job')
      await yieldToRequests()
    }
  }

  /**
   * Runs a pass every `intervalMs` while `mayRun` says so: in a cluster only the elected publisher
   * does, and another process takes over within a tick of an election.
   */
  start(intervalMs: number, mayRun: () => boolean = () => true): void {
    this.stop()
    let running = false
    this.#timer = setInterval(() => {
      const now = mayRun()
      if (now !== running)
        this.log.info(now ? 'runs the periodic jobs' : 'leaves the periodic jobs to another process')
      running = now
      // A pass still under way takes this tick's place: queued ticks would run passes back to back
      // for as long as passes are slower than the interval (a loaded server), never leaving the loop
      // and the pool to requests, and the queue would grow.
      if (running && !this.#current) void this.runAll()
    }, intervalMs)
    this.#timer.unref()
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = undefined
    await this.#current
  }
}
