/** Messages between the orchestrator (run.ts) and its load-generating worker processes (players.ts). */

/** One server process of the scenario. */
export interface Target {
  url: string
  port: number
}

export interface PlayerBehaviour {
  /** mean time between two `GET /v1/stockgame/state` of one player (each wait drawn ±10 %) */
  statePeriodMs: number
  /** mean time between two tags of one player (each wait drawn ±33 %) */
  tagPeriodMs: number
  /** a request still unanswered after this is given up and counted as an error */
  requestTimeoutMs: number
  /** a player's bets fall at random moments of this long after its first state answer */
  betSpreadMs: number
  /** titles a player's socket subscribes to */
  titlesPerPlayer: number
}

export type WorkerCommand =
  | {
      type: 'init'
      targets: Target[]
      /** the titles whose markets trade during the run; each socket subscribes to some of them */
      titleIds: number[]
      /** server clock (the cluster's test clock) minus Date.now(), to time ticks */
      clockOffsetMs: number
      behaviour: PlayerBehaviour
    }
  /** sign these players up (player i on target i mod targets), connect their sockets, start them */
  | { type: 'add'; players: { index: number; code: string }[] }
  /** start a measured window: counters and samples restart */
  | { type: 'mark' }
  /** end the window: report what was measured since the mark */
  | { type: 'collect' }
  | { type: 'exit' }

export interface WindowReport {
  /** latencies in ms of the calls answered in the window; for state, also the age of calls still open */
  latencies: { state: number[]; untagged: number[]; tag: number[]; bet: number[] }
  requests: number
  /** network errors, time-outs and answers other than 2xx (a tag's 409 excepted) */
  errors: number
  errorKinds: Record<string, number>
  /** 409 already_predicted: a correct answer, not an error */
  tagsRefused: number
  players: number
  /** sockets authorized and subscribed at the end of the window */
  socketsReady: number
  /** sockets that received at least one tick in the window */
  socketsWithTicks: number
  ticks: number
  /** socket closes seen in the window (each is reconnected) */
  socketCloses: number
  /** tick delay (client receipt minus the tick's server time) histogram: [ms, count] */
  tickDelay: [number, number][]
  /** process.cpuUsage() now, cumulative, microseconds */
  cpuUser: number
  cpuSystem: number
  /** the worker's own event-loop delay p99 over the window, ms: high means the load generator lags */
  loopDelayP99: number
}

export type WorkerReport =
  | { type: 'ready' }
  | { type: 'added'; ok: number; failed: number; firstError?: string }
  | { type: 'marked' }
  | { type: 'collected'; report: WindowReport }
