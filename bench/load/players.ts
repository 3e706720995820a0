import { randomUUID } from 'node:crypto'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { subscriptionOf } from '../ticks/protocol'
import { cookieHeader, HttpTarget, type Reply, textOf } from './http'
import type { PlayerBehaviour, WindowReport, WorkerCommand, WorkerReport } from './protocol'
import { TickSocket } from './tick-socket'

/**
 * A load-generating worker process: simulated players of the mixed workload (bench/README.md, "load").
 * Each player signs up through its server process, holds one socket subscribed to 10 titles, and then
 * runs on timers, open loop (a slow server does not slow the players down; a player with a state call
 * still open skips its next one, as one browser tab would):
 * - `GET /v1/stockgame/state` every 10 s (±10 %), the first at a random moment of the first period, as
 *   the SPA asks: gzip accepted, the last answer's ETag as If-None-Match (a 304 is a correct answer);
 * - every ~30 s (20 to 40 s) `GET /v1/stockgame/untagged-messages`, then a tag of one title of a random
 *   message of the answer (`POST /v1/stockgame/tagged-messages/{id}/tag`);
 * - after its first state answer, one bet (`POST /v1/stockgame/polls/{id}/vote`) on every open poll it
 *   has not bet on, each at a random moment of the next minute (BENCH_BET_SPREAD_S).
 */

type Kind = 'state' | 'untagged' | 'tag' | 'bet'

interface Player {
  index: number
  userId: number
  cookie: string
  target: HttpTarget
  socket: TickSocket
  stateOpen: boolean
  /** the last state answer's ETag, sent back as If-None-Match */
  etag: string | undefined
  tagging: boolean
  betsPlaced: boolean
}

let targets: HttpTarget[] = []
let titleIds: number[] = []
let clockOffsetMs = 0
let behaviour: PlayerBehaviour = {
  statePeriodMs: 10_000,
  tagPeriodMs: 30_000,
  requestTimeoutMs: 10_000,
  titlesPerPlayer: 10,
  betSpreadMs: 60_000,
}
const players: Player[] = []
let stopped = false

// --- the measured window
const maxTickDelayMs = 10_000
const tickDelays = new Uint32Array(maxTickDelayMs + 1)
let latencies: WindowReport['latencies'] = { state: [], untagged: [], tag: [], bet: [] }
let requests = 0
let errors = 0
let errorKinds: Record<string, number> = {}
let tagsRefused = 0
const openStateCalls = new Set<{ startedAt: number }>()
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()

const tickSink = {
  tick(delayMs: number) {
    const bucket = Math.min(maxTickDelayMs, Math.max(0, Math.round(delayMs)))
    tickDelays[bucket] = (tickDelays[bucket] ?? 0) + 1
  },
}

function mark(): void {
  latencies = { state: [], untagged: [], tag: [], bet: [] }
  requests = 0
  errors = 0
  errorKinds = {}
  tagsRefused = 0
  tickDelays.fill(0)
  for (const player of players) {
    player.socket.windowTicks = 0
    player.socket.closes = 0
  }
  loopDelay.reset()
}

function collect(): WindowReport {
  const now = performance.now()
  // calls still unanswered count with their age so far: a stalled server must not look fast
  const state = [...latencies.state, ...[...openStateCalls].map((call) => now - call.startedAt)]
  const histogram: [number, number][] = []
  tickDelays.forEach((count, ms) => {
    if (count > 0) histogram.push([ms, count])
  })
  const cpu = process.cpuUsage()
  return {
    latencies: { ...latencies, state },
    requests,
    errors,
    errorKinds,
    tagsRefused,
    players: players.length,
    socketsReady: players.filter((player) => player.socket.ready).length,
    socketsWithTicks: players.filter((player) => player.socket.windowTicks > 0).length,
    ticks: players.reduce((sum, player) => sum + player.socket.windowTicks, 0),
    socketCloses: players.reduce((sum, player) => sum + player.socket.closes, 0),
    tickDelay: histogram,
    cpuUser: cpu.user,
    cpuSystem: cpu.system,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
  }
}

function countError(kind: Kind, what: string): void {
  errors += 1
  const key = `${kind}: ${what}`
  errorKinds[key] = (errorKinds[key] ?? 0) + 1
}

/** Runs one call, times it and counts it in the window it ends in. Undefined when it failed. */
async function measured(kind: Kind, call: () => Promise<Reply>): Promise<Reply | undefined> {
  const open = { startedAt: performance.now() }
  if (kind === 'state') openStateCalls.add(open)
  try {
    const reply = await call()
    requests += 1
    latencies[kind].push(performance.now() - open.startedAt)
    // 304: the state did not change since the player's last answer (its ETag came back)
    if ((reply.status >= 200 && reply.status < 300) || (kind === 'state' && reply.status === 304))
      return reply
    if (kind === 'tag' && reply.status === 409) tagsRefused += 1
    else countError(kind, `HTTP ${reply.status} ${textOf(reply).slice(0, 120)}`)
    return undefined
  } catch (error) {
    requests += 1
    countError(kind, error instanceof Error ? error.message : String(error))
    return undefined
  } finally {
    openStateCalls.delete(open)
  }
}

const jitter = (mean: number, spread: number) => mean * (1 - spread + 2 * spread * Math.random())
const later = (ms: number, run: () => void) => setTimeout(() => !stopped && run(), ms)

function stateLoop(player: Player): void {
  later(jitter(behaviour.statePeriodMs, 0.1), () => stateLoop(player))
  if (player.stateOpen) return
  player.stateOpen = true
  // as the SPA asks: its last answer's ETag, gzip accepted
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' }
  if (player.etag) headers['if-none-match'] = player.etag
  void measured('state', () =>
    player.target.call('GET', '/v1/stockgame/state', player.cookie, undefined, headers),
  )
    .then((reply) => {
      if (reply?.status === 200) player.etag = reply.etag
      if (reply?.status !== 200 || player.betsPlaced) return
      player.betsPlaced = true
      const { polls } = JSON.parse(textOf(reply)) as {
        polls: { pollId: number; phase: string; votes: unknown[] }[]
      }
      for (const poll of polls) {
        if (poll.phase === 'open' && poll.votes.length === 0)
          later(500 + Math.random() * behaviour.betSpreadMs, () => void bet(player, poll.pollId))
      }
    })
    .finally(() => {
      player.stateOpen = false
    })
}

async function bet(player: Player, pollId: number): Promise<void> {
  await measured('bet', () =>
    player.target.call(
      'POST',
      `/v1/stockgame/polls/${pollId}/vote`,
      player.cookie,
      {
        pollId,
        userId: player.userId,
        vote: (['up', 'flat', 'down'] as const)[Math.floor(Math.random() * 3)],
        ttcBet: 1 + (player.index % 5),
      },
      { 'idempotency-key': randomUUID() },
    ),
  )
}

function tagLoop(player: Player): void {
  later(jitter(behaviour.tagPeriodMs, 0.33), () => tagLoop(player))
  if (player.tagging) return
  player.tagging = true
  void tag(player).finally(() => {
    player.tagging = false
  })
}

async function tag(player: Player): Promise<void> {
  const reply = await measured('untagged', () =>
    player.target.call('GET', '/v1/stockgame/untagged-messages', player.cookie),
  )
  if (!reply) return
  const messages = (
    JSON.parse(textOf(reply)) as { message_id: string; titles: { title_id: number }[] }[]
  ).filter((message) => message.titles.length > 0)
  const message = messages[Math.floor(Math.random() * messages.length)]
  const title = message?.titles[Math.floor(Math.random() * message.titles.length)]
  if (!message || !title) return
  await measured('tag', () =>
    player.target.call(
      'POST',
      `/v1/stockgame/tagged-messages/${encodeURIComponent(message.message_id)}/tag`,
      player.cookie,
      {
        userId: player.userId,
        titleId: title.title_id,
        messageId: message.message_id,
        trend: Math.random() < 0.5 ? 'up' : 'down',
      },
      { 'idempotency-key': randomUUID() },
    ),
  )
}

async function addPlayer(index: number, code: string): Promise<void> {
  const target = targets[index % targets.length] as HttpTarget
  const username = `load_${index}`
  const reply = await target.call('POST', '/v1/auth/signup', undefined, {
    invitationCode: code,
    email: `${username}@example.test`,
    username,
    password: 'correct horse battery staple',
    acceptTerms: true,
  })
  if (reply.status !== 201) throw new Error(`sign-up: HTTP ${reply.status} ${textOf(reply).slice(0, 160)}`)
  const user = JSON.parse(textOf(reply)) as { id: number; websocketCredentials: string }
  const socket = new TickSocket(
    target.port,
    user.websocketCredentials,
    subscriptionOf(index, titleIds, behaviour.titlesPerPlayer),
    clockOffsetMs,
    tickSink,
  )
  const player: Player = {
    index,
    userId: user.id,
    cookie: cookieHeader(reply.setCookie),
    target,
    socket,
    stateOpen: false,
    etag: undefined,
    tagging: false,
    betsPlaced: false,
  }
  players.push(player)
  try {
    await socket.open()
  } finally {
    // every player plays, from a random point of its periods; a failed socket keeps reconnecting
    later(Math.random() * behaviour.statePeriodMs, () => stateLoop(player))
    later(Math.random() * behaviour.tagPeriodMs, () => tagLoop(player))
  }
}

async function addPlayers(list: { index: number; code: string }[]): Promise<WorkerReport> {
  let ok = 0
  let failed = 0
  let firstError: string | undefined
  const queue = [...list]
  // sign-ups at a bounded concurrency, so they do not swamp the servers between the measured windows
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          await addPlayer(next.index, next.code)
          ok += 1
        } catch (error) {
          failed += 1
          firstError ??= error instanceof Error ? error.message : String(error)
        }
      }
    }),
  )
  return { type: 'added', ok, failed, firstError }
}

const reply = (report: WorkerReport) => process.send?.(report)

// the orchestrator is gone (killed, Ctrl-C): stop too
process.on('disconnect', () => process.exit(0))
process.on('message', (command: WorkerCommand) => {
  switch (command.type) {
    case 'init':
      targets = command.targets.map(
        (target) => new HttpTarget(target.url, target.port, command.behaviour.requestTimeoutMs),
      )
      titleIds = command.titleIds
      clockOffsetMs = command.clockOffsetMs
      behaviour = command.behaviour
      reply({ type: 'ready' })
      break
    case 'add':
      void addPlayers(command.players).then(reply)
      break
    case 'mark':
      mark()
      reply({ type: 'marked' })
      break
    case 'collect':
      reply({ type: 'collected', report: collect() })
      break
    case 'exit':
      stopped = true
      for (const player of players) player.socket.stop()
      for (const target of targets) target.close()
      process.exit(0)
  }
})
