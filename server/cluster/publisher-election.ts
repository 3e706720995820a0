import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'

/** The advisory lock key of the market publisher ('alpha' in ASCII); advisory locks are per database. */
export const publisherLockKey = 0x616c706861

export interface ElectionOptions {
  databaseUrl: string
  log: FastifyBaseLogger
  /** Called when this process took the lock: start publishing. */
  onElected(): void
  /** Called when it lost the lock (its connection broke) or stopped: stop publishing at once. */
  onDeposed(): void
  /** Time between two tries for the lock, and between two checks that the held lock's connection lives. @default 1000 */
  retryMs?: number
}

/**
 * Elects the one market publisher among the server processes on one PostgreSQL database: whoever holds
 * the session-level advisory lock `publisherLockKey` on a dedicated connection, held for the process's
 * life. The others try again every `retryMs`; PostgreSQL releases the lock when the holder's connection
 * ends (the process died, was killed, or lost the network), so a takeover follows within about a
 * second once PostgreSQL noticed. The holder checks its connection as often: a broken one deposes it
 * before another process can be elected, so two publishers overlap only while PostgreSQL has not yet
 * seen a silently dead connection (TCP keepalive bounds that).
 */
export class PublisherElection {
  readonly #options: ElectionOptions
  readonly #retryMs: number
  #client: pg.Client | undefined
  #elected = false
  #stopped = true
  #timer: NodeJS.Timeout | undefined
  #attempt: Promise<void> | undefined

  constructor(options: ElectionOptions) {
    this.#options = options
    this.#retryMs = options.retryMs ?? 1000
  }

  get elected(): boolean {
    return this.#elected
  }

  start(): void {
    if (!this.#stopped) return
    this.#stopped = false
    this.#schedule(0)
  }

  /** Stops trying; a held lock is given up by closing its connection. */
  async stop(): Promise<void> {
    this.#stopped = true
    clearTimeout(this.#timer)
    await this.#attempt
    this.#depose()
    await this.#dropClient()
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      this.#attempt = this.#tick().finally(() => {
        this.#attempt = undefined
        this.#schedule(this.#retryMs)
      })
    }, delayMs)
    this.#timer.unref()
  }

  async #tick(): Promise<void> {
    try {
      const client = await this.#connected()
      if (this.#elected) {
        await client.query('select 1')
        return
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        publisherLockKey,
      ])
      if (rows[0]?.locked && !this.#stopped) {
        this.#elected = true
        this.#options.log.info('this process publishes the market (holds the publisher lock)')
        this.#options.onElected()
      }
    } catch (err) {
      this.#options.log.warn({ err }, 'market publisher election: database connection failed')
      this.#depose()
      await this.#dropClient()
    }
  }

  async #connected(): Promise<pg.Client> {
    if (this.#client) return this.#client
    const client = new pg.Client({
      connectionString: this.#options.databaseUrl,
      keepAlive: true,
      application_name: 'alpha market publisher election',
    })
    // A broken connection has lost the lock with it: stop publishing now, not at the next check.
    client.on('error', (err) => {
      this.#options.log.warn({ err }, 'market publisher lock connection lost')
      this.#depose()
      if (this.#client === client) this.#client = undefined
      client.end().catch(() => undefined)
    })
    this.#client = client
    try {
      await client.connect()
    } catch (error) {
      this.#client = undefined
      throw error
    }
    return client
  }

  #depose(): void {
    if (!this.#elected) return
    this.#elected = false
    if (this.#stopped) this.#options.log.info('this process stopped publishing the market')
    else this.#options.log.warn('this process no longer publishes the market: lock connection lost')
    this.#options.onDeposed()
  }

  async #dropClient(): Promise<void> {
    const client = this.#client
    this.#client = undefined
    await client?.end().catch(() => undefined)
  }
}
