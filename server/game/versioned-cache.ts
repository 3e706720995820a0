import { keepRecent } from '../../src/domain/bounded-map'

interface Entry<T> {
  key: string
  /** game clock: the value is stale from then on (e.g. a poll's betting closes) */
  validUntil: number
  /** wall clock */
  bornAt: number
  /** the launch count when its computation started: it read everything read before that */
  launch: number
  settled: boolean
  value: Promise<T>
  /** the value once computed */
  result?: T
}

/** Callers waiting for the slot's next computation, which has not started yet. */
interface Gathering<T> {
  key: string
  value: Promise<T>
}

/**
 * Computations started so far, by every cache: a caller that reads its versions and then takes
 * `launchTicket()` is served by any computation launched after that (its snapshot is at least as new).
 */
let launches = 0
export const launchTicket = (): number => launches

/** Computes a slot's value; `previous` is the value it replaces, if one was computed, to build on. */
type Compute<T> = (previous: T | undefined) => Promise<{ value: T; validUntil?: number }>

/**
 * In-process memo of values read from the database, one per slot (e.g. 'ranking:1000:this_week'), kept
 * while the key (a version read cheaply from the database, so other processes' writes count too) stays
 * the same, the game clock is before the value's `validUntil`, and it is younger than `maxAgeMs` of
 * wall time (a safety net for changes no version shows). Callers asking for the same slot and key while
 * it is computed share one computation.
 *
 * Without a ticket a changed key computes at once, in the caller's read transaction (`compute` uses
 * the caller's executor). With a ticket (`launchTicket()` taken after reading the key), the slot
 * computes at most once at a time and at most once per `gatherMs`: callers whose key changed while a
 * computation runs wait for the next one and share it, so a part that changes with every write is
 * rebuilt a bounded number of times a second however many players write and read, and never shown
 * older than the caller's key. Such a `compute` opens its own read transaction: the caller holds none
 * while it waits. A computation is handed the slot's last computed value, from which it may build the
 * new one when it can tell what changed in between (the state's chronic after new predictions and bets).
 */
export class VersionedCache<T> {
  readonly #entries = new Map<string, Entry<T>>()
  readonly #gathering = new Map<string, Gathering<T>>()

  constructor(
    readonly maxAgeMs: number,
    readonly maxSlots = 2000,
    readonly gatherMs = 0,
  ) {}

  get(slot: string, key: string, now: number, compute: Compute<T>, ticket?: number): Promise<T> {
    const entry = this.#entries.get(slot)
    if (
      entry &&
      (entry.key === key || (ticket !== undefined && entry.launch > ticket)) &&
      now < entry.validUntil &&
      Date.now() - entry.bornAt < this.maxAgeMs
    )
      return entry.value
    if (ticket === undefined) return this.#launch(slot, key, compute).value
    const gathering = this.#gathering.get(slot)
    if (gathering) {
      // the newest key seen names the value best (its snapshot is at least that new)
      gathering.key = key
      return gathering.value
    }
    return this.#gather(slot, key, compute, entry)
  }

  #gather(slot: string, key: string, compute: Compute<T>, previous: Entry<T> | undefined): Promise<T> {
    if (!previous || (previous.settled && Date.now() - previous.bornAt >= this.gatherMs))
      return this.#launch(slot, key, compute).value
    const gathering = { key } as Gathering<T>
    this.#gathering.set(slot, gathering)
    gathering.value = (async () => {
      await previous.value.catch(() => undefined)
      const wait = previous.bornAt + this.gatherMs - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      this.#gathering.delete(slot)
      return this.#launch(slot, gathering.key, compute).value
    })()
    return gathering.value
  }

  #launch(slot: string, key: string, compute: Compute<T>): Entry<T> {
    const previous = this.#entries.get(slot)?.result
    launches += 1
    const fresh = {
      key,
      validUntil: Number.POSITIVE_INFINITY,
      bornAt: Date.now(),
      launch: launches,
      settled: false,
    } as Entry<T>
    fresh.value = compute(previous).then(
      (computed) => {
        fresh.settled = true
        fresh.result = computed.value
        fresh.validUntil = computed.validUntil ?? Number.POSITIVE_INFINITY
        return computed.value
      },
      (error: unknown) => {
        fresh.settled = true
        if (this.#entries.get(slot) === fresh) this.#entries.delete(slot)
        throw error
      },
    )
    keepRecent(this.#entries, slot, fresh, this.maxSlots)
    return fresh
  }

  clear(): void {
    this.#entries.clear()
  }
}
