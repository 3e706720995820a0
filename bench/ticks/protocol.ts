/** Messages between the orchestrator (run.ts) and its child processes. */

export type ServerKind = 'socketio' | 'ws'

/** What a server child says once it listens. */
export interface ServerReady {
  type: 'ready'
  port: number
  /** websocket credentials every socket.io client authorizes with (empty for ws) */
  credentials: string
  titleIds: number[]
}

export interface ServerStats {
  type: 'stats'
  /** process.cpuUsage() in microseconds, cumulative */
  cpuUser: number
  cpuSystem: number
  rss: number
  heapUsed: number
  /** ticks the driver emitted since start */
  emitted: number
  /** ticks the driver should have emitted but could not, its loop being late */
  skipped: number
  /** 99th percentile event-loop delay since the last stats call, ms */
  loopDelayP99: number
}

export type ServerCommand = { type: 'rate'; ticksPerSecond: number } | { type: 'stats' } | { type: 'exit' }

export type ClientCommand =
  | {
      type: 'connect'
      kind: ServerKind
      port: number
      credentials: string
      titleIds: number[]
      /** index of the first client of this worker (seeds its subscriptions) */
      first: number
      count: number
      titlesPerClient: number
    }
  | { type: 'count' }
  | { type: 'exit' }

export type ClientReport =
  | { type: 'connected'; ready: number; failed: number; firstError?: string }
  | { type: 'count'; ticks: number; closed: number; cpuUser: number; cpuSystem: number }

/** The titles client `index` subscribes to: `perClient` distinct ids, a deterministic draw. */
export function subscriptionOf(index: number, titleIds: readonly number[], perClient: number): number[] {
  const chosen = new Set<number>()
  let state = (index + 1) * 2_654_435_761
  while (chosen.size < perClient) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    chosen.add(titleIds[state % titleIds.length] as number)
  }
  return [...chosen]
}
