/** Messages between the orchestrator (run.ts) and the server child (server.ts). */

export type ServerMode = 'app' | 'bare'

export type ServerCommand =
  | {
      type: 'start'
      /**
       * 'app': the whole app as main.ts builds it (every route and hook, the job runner on), on the seeded
       * data directory. 'bare': Fastify with one GET route answering `body`, the baseline.
       */
      mode: ServerMode
      dataDir: string
      /** bare: the bytes to answer, base64 (the app's own state answer as sent, so the same bytes) */
      body?: string
      /** bare: the app's headers for those bytes (security headers, encoding, cache), sent with them */
      headers?: Record<string, string>
      /** app: run the job runner every second, as main.ts does */
      jobs: boolean
    }
  | { type: 'stats' }
  | { type: 'exit' }

export interface ServerReady {
  type: 'ready'
  port: number
}

export interface ServerStats {
  type: 'stats'
  /** process.cpuUsage() in microseconds, cumulative */
  cpuUser: number
  cpuSystem: number
  rss: number
  /** 99th percentile event-loop delay since the last stats call, ms */
  loopDelayP99: number
}

/** The cookie token of seeded player `id` (sessions are seeded with its hash). */
export const sessionTokenOf = (id: number) => `bench-session-${String(id).padStart(6, '0')}`
