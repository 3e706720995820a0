import { type ChildProcess, execFileSync, fork } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { Temporal } from 'temporal-polyfill'
import { defaultTimeZone } from '../../server/config'
import { calendarOf } from '../../server/market/trading-hours'
import { instruments } from '../../server/market/universe'
import { nextMessage } from '../child-message'
import { percentText, waitForQuiet } from '../engine/machine'
import {
  type Backend,
  type Cluster,
  compile,
  databaseCpuBetween,
  databaseCpuSeconds,
  liveChildren,
  machineTimes,
  processCpuSeconds,
  startCluster,
  workerEntry,
} from './cluster'
import type { PlayerBehaviour, WindowReport, WorkerCommand, WorkerReport } from './protocol'
import {
  combineFigures,
  describeServerFigures,
  type ServerFigures,
  scrapeMetrics,
  serverFigures,
} from './server-metrics'

/**
 * bench/load: a mixed, realistic workload (state polling every 10 s, tags every ~30 s, a bet per open
 * poll, a socket subscribed to 10 titles per player) against the embedded default (SQLite, one process,
 * no Redis) and against PostgreSQL and Redis (one process and three). The player count climbs in
 * steps; a step is sustained when the state call's p99 stays under 200 ms, under 1 % of the calls fail
 * and the sockets get their ticks. The highest sustained count per process, and what a thousand
 * players cost the server's CPU there, are the figures; beside them what the servers' own /metrics say
 * (event-loop delay, GC, pool wait, job run times). Method and figures: bench/README.md, "load".
 */

const env = process.env
interface ScenarioPlan {
  backend: Backend
  processes: number
}
/** `backend:processes` pairs; BENCH_PROCESSES (the old knob) keeps its meaning: PostgreSQL only */
const scenarioPlans: ScenarioPlan[] = (
  env.BENCH_SCENARIOS ??
  (env.BENCH_PROCESSES
    ? env.BENCH_PROCESSES.split(',')
        .map((count) => `postgres:${count}`)
        .join(',')
    : 'sqlite:1,postgres:1,postgres:3')
)
  .split(',')
  .map((plan) => {
    const [backend, processes] = plan.split(':')
    if ((backend !== 'sqlite' && backend !== 'postgres') || !Number(processes))
      throw new Error(`BENCH_SCENARIOS: ${plan} is not sqlite:1 or postgres:N`)
    return { backend, processes: Number(processes) }
  })
const backendName = (plan: ScenarioPlan) => (plan.backend === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis')
const scenarioName = (plan: ScenarioPlan) => `${backendName(plan)}, ${plan.processes} process(es)`
const maxPlayers = Number(env.BENCH_MAX_PLAYERS ?? 3000)
const steps = (env.BENCH_STEPS ?? '100,300,600,900,1350,1500,2000,2500,3000')
  .split(',')
  .map(Number)
  .filter((players) => players <= maxPlayers)
const warmupMs = Number(env.BENCH_WARMUP_S ?? 10) * 1000
const windowMs = Number(env.BENCH_WINDOW_S ?? 20) * 1000
/** hard limit of one scenario (start, ramp), and of the whole run */
const scenarioBudgetMs = Number(env.BENCH_SCENARIO_S ?? 420) * 1000
const runBudgetMs = Number(env.BENCH_RUN_S ?? 1260) * 1000
/** load-generating worker processes */
const workerCount = Number(env.BENCH_WORKERS ?? 2)
const behaviour: PlayerBehaviour = {
  statePeriodMs: Number(env.BENCH_STATE_PERIOD_S ?? 10) * 1000,
  tagPeriodMs: Number(env.BENCH_TAG_PERIOD_S ?? 30) * 1000,
  requestTimeoutMs: 10_000,
  titlesPerPlayer: 10,
  betSpreadMs: Number(env.BENCH_BET_SPREAD_S ?? 60) * 1000,
}
const p99TargetMs = Number(env.BENCH_P99_MS ?? 200)
const maxErrorShare = 0.01
/** sockets "get their ticks": 99 % of them got ticks in the window, the tick delay p99 under 1 s */
const minSocketShare = 0.99
const maxTickDelayP99Ms = Number(env.BENCH_TICK_DELAY_MS ?? 1000)
/** a worker whose event loop lags more than this may be the bottleneck: the step is flagged */
const workerLagFlagMs = 50
const idleSampleMs = 5000
const zone = env.ALPHA_TIME_ZONE ?? defaultTimeZone
const readme = new URL('../README.md', import.meta.url).pathname
const runStartedAt = performance.now()

interface StepResult {
  players: number
  attempt: number
  seconds: number
  stateCalls: number
  stateP50: number
  stateP99: number
  stateMax: number
  requestsPerSecond: number
  requests: number
  errors: number
  errorKinds: Record<string, number>
  untaggedP99: number
  tagP99: number
  betP99: number
  tags: number
  bets: number
  tagsRefused: number
  socketsReady: number
  socketsWithTicks: number
  ticksPerSecond: number
  tickDelayP50: number
  tickDelayP99: number
  socketCloses: number
  /** CPU of each server process, in cores */
  serverCpu: number[]
  /** CPU of all load workers together, in cores */
  clientCpu: number
  /** CPU of all PostgreSQL and Redis processes (theirs for other sessions included), in cores */
  databaseCpu: number
  machineBusy?: number
  loadAverage: number
  workerLagP99: number
  /** what the servers' /metrics say about the window */
  server: ServerFigures
  sustained: boolean
  why: string[]
}

interface ScenarioResult extends ScenarioPlan {
  busyBefore?: number
  loadAverageBefore: number
  steps: StepResult[]
  best?: StepResult
  /** why the ramp stopped */
  end: string
  seconds: number
  warnings: number[]
  /** CPU of each server process with no players, cores */
  idleServerCpu: number[]
  error?: string
}

const n0 = (value: number) => Math.round(value).toLocaleString('en-US')
const ms = (value: number) => `${Math.round(value)} ms`
/** server CPU (all processes) per 1,000 players, cores: what a player costs, whoever else runs */
const perThousand = (step: StepResult) =>
  (step.serverCpu.reduce((sum, cpu) => sum + cpu, 0) / step.players) * 1000
/** the load generator's CPU per 1,000 players, cores: whether it, not the server, limits a step */
const clientPerThousand = (step: StepResult) => (step.clientCpu / step.players) * 1000
const elapsed = () => performance.now() - runStartedAt

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

function histogramPercentile(histogram: Map<number, number>, p: number): number {
  const total = [...histogram.values()].reduce((sum, count) => sum + count, 0)
  if (total === 0) return 0
  let seen = 0
  for (const [value, count] of [...histogram].sort((a, b) => a[0] - b[0])) {
    seen += count
    if (seen >= (p / 100) * total) return value
  }
  return 0
}

/** The first weekday `time` (local, the game's zone) at least a minute after `now`. */
function nextWeekdayAt(now: number, time: string): number {
  let date = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate()
  for (let i = 0; i < 10; i += 1) {
    if (date.dayOfWeek <= 5) {
      const at = date.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) })
      if (at.epochMilliseconds >= now + 60_000) return at.epochMilliseconds
    }
    date = date.add({ days: 1 })
  }
  throw new Error(`no weekday ${time} ahead`)
}

/**
 * 15:40 on a weekday in the game's zone: the 14:00 polls take bets until 16:00, and 93 of the 100
 * titles trade (Europe and the US are open); the run stays within those 20 minutes of game time.
 */
const clockTarget = (now: number) => nextWeekdayAt(now, '15:40')

/** The titles that trade from `at` for the next 20 minutes: every subscribed title ticks. */
function tradingTitles(at: number): number[] {
  return instruments
    .filter((instrument) => {
      const calendar = calendarOf(instrument.exchange)
      return calendar.isOpen(at) && calendar.isOpen(at + 20 * 60_000)
    })
    .map((instrument) => instrument.id)
}

// --- worker processes

function ask<T extends WorkerReport>(
  child: ChildProcess,
  command: WorkerCommand,
  type: T['type'],
  timeoutMs = 30_000,
): Promise<T> {
  const answer = nextMessage<T>(child, type, timeoutMs)
  child.send(command)
  return answer
}

type Collected = Extract<WorkerReport, { type: 'collected' }>
type Added = Extract<WorkerReport, { type: 'added' }>

async function startWorkers(cluster: Cluster, titleIds: number[]): Promise<ChildProcess[]> {
  const workers = Array.from({ length: workerCount }, () => {
    const worker = fork(workerEntry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] })
    liveChildren.add(worker)
    worker.once('exit', () => liveChildren.delete(worker))
    return worker
  })
  await Promise.all(
    workers.map((worker) =>
      ask(
        worker,
        {
          type: 'init',
          targets: cluster.nodes.map((node) => ({ url: node.url, port: node.port })),
          titleIds,
          clockOffsetMs: cluster.clockOffsetMs,
          behaviour,
        },
        'ready',
      ),
    ),
  )
  return workers
}

async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  await Promise.all(
    workers.map(async (worker) => {
      if (worker.exitCode !== null || worker.signalCode !== null) return
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      if (worker.connected) worker.send({ type: 'exit' } satisfies WorkerCommand)
      await Promise.race([exited, sleep(5000)])
      if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL')
    }),
  )
}

// --- one measured window

interface Marks {
  at: number
  servers: number[]
  database: Map<number, number>
  machine?: { busy: number; total: number }
  clientCpu: number
}

function marks(cluster: Cluster, clientCpu: number): Marks {
  return {
    at: performance.now(),
    servers: cluster.nodes.map((node) => processCpuSeconds(node.child.pid)),
    database: databaseCpuSeconds(),
    machine: machineTimes(),
    clientCpu,
  }
}

const clientCpuOf = (reports: WindowReport[]) =>
  reports.reduce((sum, report) => sum + (report.cpuUser + report.cpuSystem) / 1e6, 0)

async function measureWindow(
  cluster: Cluster,
  workers: ChildProcess[],
  players: number,
  attempt: number,
): Promise<StepResult> {
  await Promise.all(workers.map((worker) => ask(worker, { type: 'mark' }, 'marked')))
  // the workers' CPU at the mark: a collect right after the mark gives the cumulative figure
  const cpuAtMark = clientCpuOf(
    (
      await Promise.all(workers.map((worker) => ask<Collected>(worker, { type: 'collect' }, 'collected')))
    ).map((collected) => collected.report),
  )
  const scrape = () => Promise.all(cluster.nodes.map((node) => scrapeMetrics(node.url)))
  // also resets the servers' event-loop delay monitors: the scrape after reads the window's
  const scrapedBefore = await scrape()
  const before = marks(cluster, cpuAtMark)
  await sleep(windowMs)
  const reports = (
    await Promise.all(workers.map((worker) => ask<Collected>(worker, { type: 'collect' }, 'collected')))
  ).map((collected) => collected.report)
  const after = marks(cluster, clientCpuOf(reports))
  const scrapedAfter = await scrape()
  const seconds = (after.at - before.at) / 1000
  const all = (key: keyof WindowReport['latencies']) => reports.flatMap((report) => report.latencies[key])
  const sum = (pick: (report: WindowReport) => number) => reports.reduce((total, r) => total + pick(r), 0)
  const state = all('state')
  const errorKinds: Record<string, number> = {}
  for (const report of reports) {
    for (const [kind, count] of Object.entries(report.errorKinds))
      errorKinds[kind] = (errorKinds[kind] ?? 0) + count
  }
  const tickDelay = new Map<number, number>()
  for (const report of reports) {
    for (const [value, count] of report.tickDelay) tickDelay.set(value, (tickDelay.get(value) ?? 0) + count)
  }
  const requests = sum((r) => r.requests)
  const errors = sum((r) => r.errors)
  const result: StepResult = {
    players,
    attempt,
    seconds,
    stateCalls: state.length,
    stateP50: percentile(state, 50),
    stateP99: percentile(state, 99),
    stateMax: Math.max(0, ...state),
    requestsPerSecond: requests / seconds,
    requests,
    errors,
    errorKinds,
    untaggedP99: percentile(all('untagged'), 99),
    tagP99: percentile(all('tag'), 99),
    betP99: percentile(all('bet'), 99),
    tags: all('tag').length,
    bets: all('bet').length,
    tagsRefused: sum((r) => r.tagsRefused),
    socketsReady: sum((r) => r.socketsReady),
    socketsWithTicks: sum((r) => r.socketsWithTicks),
    ticksPerSecond: sum((r) => r.ticks) / seconds,
    tickDelayP50: histogramPercentile(tickDelay, 50),
    tickDelayP99: histogramPercentile(tickDelay, 99),
    socketCloses: sum((r) => r.socketCloses),
    serverCpu: after.servers.map((cpu, i) => (cpu - (before.servers[i] ?? 0)) / seconds),
    clientCpu: (after.clientCpu - before.clientCpu) / seconds,
    databaseCpu: databaseCpuBetween(before.database, after.database) / seconds,
    machineBusy:
      before.machine && after.machine && after.machine.total > before.machine.total
        ? (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total)
        : undefined,
    loadAverage: loadavg()[0] ?? 0,
    workerLagP99: Math.max(0, ...reports.map((r) => r.loopDelayP99)),
    server: combineFigures(
      scrapedAfter.map((scraped, i) => serverFigures(scrapedBefore[i] ?? new Map(), scraped)),
    ),
    sustained: false,
    why: [],
  }
  if (result.stateP99 >= p99TargetMs) result.why.push(`state p99 ${ms(result.stateP99)}`)
  if (requests === 0 || errors / requests >= maxErrorShare)
    result.why.push(`errors ${percentText(requests ? errors / requests : 1)}`)
  if (result.socketsWithTicks < minSocketShare * players)
    result.why.push(`${players - result.socketsWithTicks} sockets without ticks`)
  if (result.tickDelayP99 >= maxTickDelayP99Ms) result.why.push(`tick delay p99 ${ms(result.tickDelayP99)}`)
  result.sustained = result.why.length === 0
  return result
}

function describeStep(step: StepResult): string {
  const topError = Object.entries(step.errorKinds).sort((a, b) => b[1] - a[1])[0]
  return [
    `${String(step.players).padStart(5)} players${step.attempt > 1 ? ' (again)' : ''}:`,
    `state ${n0(step.stateCalls / step.seconds)}/s p50 ${ms(step.stateP50)} p99 ${ms(step.stateP99)} max ${ms(step.stateMax)};`,
    `${n0(step.requestsPerSecond)} req/s, errors ${step.errors};`,
    `p99 untagged ${ms(step.untaggedP99)} tag ${ms(step.tagP99)} bet ${ms(step.betP99)} (${step.tags} tags, ${step.bets} bets);`,
    `sockets ${step.socketsWithTicks}/${step.players} with ticks, ${n0(step.ticksPerSecond)} ticks/s, delay p50 ${ms(step.tickDelayP50)} p99 ${ms(step.tickDelayP99)}, ${step.socketCloses} closes;`,
    `cpu servers ${step.serverCpu.map((cpu) => cpu.toFixed(2)).join('+')} (${perThousand(step).toFixed(2)} per 1,000 players) clients ${step.clientCpu.toFixed(2)} (${clientPerThousand(step).toFixed(2)} per 1,000) pg+redis ${step.databaseCpu.toFixed(2)} machine ${percentText(step.machineBusy)} load ${step.loadAverage.toFixed(1)}${step.workerLagP99 > workerLagFlagMs ? ` WORKER LAG ${ms(step.workerLagP99)}` : ''};`,
    `${describeServerFigures(step.server)};`,
    step.sustained ? 'ok' : `NOT SUSTAINED (${step.why.join(', ')})`,
    ...(topError ? [`| top error: ${topError[0]} ×${topError[1]}`] : []),
  ].join(' ')
}

// --- one scenario: N processes, the ramp

async function scenario(plan: ScenarioPlan): Promise<ScenarioResult> {
  const { processes } = plan
  const name = scenarioName(plan)
  const busyBefore = await waitForQuiet(name, Number(env.BENCH_QUIET_PATIENCE_MS ?? 15_000))
  const loadAverageBefore = loadavg()[0] ?? 0
  const started = performance.now()
  const deadline = Math.min(started + scenarioBudgetMs, runStartedAt + runBudgetMs)
  const result: ScenarioResult = {
    ...plan,
    busyBefore,
    loadAverageBefore,
    steps: [],
    end: '',
    seconds: 0,
    warnings: [],
    idleServerCpu: [],
  }
  let cluster: Cluster | undefined
  let workers: ChildProcess[] = []
  try {
    cluster = await startCluster(plan.backend, processes, steps.at(-1) ?? 0, clockTarget)
    const titleIds = tradingTitles(cluster.serverNow)
    console.log(
      `${name} on ports ${cluster.nodes.map((node) => node.port).join(', ')} up in ${((performance.now() - started) / 1000).toFixed(1)} s; game clock ${new Date(cluster.serverNow).toISOString()}, ${titleIds.length} trading titles`,
    )
    workers = await startWorkers(cluster, titleIds)
    // what the processes cost with nobody playing: the market, the jobs (on the elected process), Redis
    const idleFrom = marks(cluster, 0)
    await sleep(idleSampleMs)
    const idleTo = marks(cluster, 0)
    result.idleServerCpu = idleTo.servers.map(
      (cpu, i) => (cpu - (idleFrom.servers[i] ?? 0)) / ((idleTo.at - idleFrom.at) / 1000),
    )
    console.log(`  idle server CPU ${result.idleServerCpu.map((cpu) => cpu.toFixed(2)).join(' + ')} cores`)
    let players = 0
    /** time one sign-up (with its socket) took in the last step, to plan the next */
    let joinMsPerPlayer = 25
    for (const target of steps) {
      // a step needs its sign-ups (a guess from the last one), the warm-up and a window
      const joinGuessMs = (target - players) * joinMsPerPlayer
      if (performance.now() + joinGuessMs + warmupMs + windowMs > deadline) {
        result.end = `time budget reached before ${target} players`
        break
      }
      const joinStarted = performance.now()
      const list = Array.from({ length: target - players }, (_, i) => ({
        index: players + i,
        code: cluster?.codes[players + i] ?? '',
      }))
      const added = await Promise.all(
        workers.map((worker, w) =>
          ask<Added>(
            worker,
            { type: 'add', players: list.filter((player) => player.index % workerCount === w) },
            'added',
            Math.max(30_000, deadline - performance.now()),
          ),
        ),
      )
      const failed = added.reduce((sum, a) => sum + a.failed, 0)
      joinMsPerPlayer = (performance.now() - joinStarted) / (target - players)
      players = target
      console.log(
        `  ${target} players joined in ${((performance.now() - joinStarted) / 1000).toFixed(1)} s${failed ? ` (${failed} failed: ${added.find((a) => a.firstError)?.firstError})` : ''}`,
      )
      await sleep(warmupMs)
      let step = await measureWindow(cluster, workers, players, 1)
      console.log(`${name} ${describeStep(step)}`)
      result.steps.push(step)
      // the machine is shared: a failed step gets one more window (if time allows) before the ramp ends
      if (!step.sustained && performance.now() + windowMs + 3000 < deadline) {
        await sleep(3000)
        step = await measureWindow(cluster, workers, players, 2)
        console.log(`${name} ${describeStep(step)}`)
        result.steps.push(step)
      }
      if (!step.sustained) {
        result.end = `not sustained at ${players} players`
        break
      }
      result.best = step
      if (target === steps.at(-1))
        result.end = `the last step (${target} players, BENCH_MAX_PLAYERS) was sustained`
    }
    if (!result.end) result.end = 'no steps'
    for (const node of cluster.nodes) {
      if (node.child.exitCode !== null || node.child.signalCode !== null)
        throw new Error(`the server on ${node.port} died:\n${node.tail.join('\n')}`)
    }
    result.warnings = cluster.nodes.map((node) => node.warnings)
    const printed = cluster.nodes.flatMap((node) =>
      node.tail.slice(-3).map((line) => `  [${node.port}] ${line}`),
    )
    if (printed.length > 0) console.log(`last server output lines:\n${printed.join('\n')}`)
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error)
    result.end = 'failed'
    console.error(`${name}: ${result.error}`)
  } finally {
    await stopWorkers(workers)
    await cluster?.stop().catch((error) => console.error(`cleanup: ${error}`))
  }
  result.seconds = (performance.now() - started) / 1000
  return result
}

// --- report

function revision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'src'], {
      encoding: 'utf8',
    }).trim()
    return dirty ? `${head} with uncommitted changes in server/ or src/` : head
  } catch {
    return 'unknown revision'
  }
}

const secondsMs = (seconds: number) => `${Math.round(seconds * 1000)} ms`

function report(results: ScenarioResult[], machine: string): string {
  const one = results.find((r) => r.backend === 'postgres' && r.processes === 1)
  const three = results.find((r) => r.backend === 'postgres' && r.processes === 3)
  const lines = [
    machine,
    '',
    '| scenario | highest sustained players | server CPU per 1,000 players | per process | state p99 there | event-loop delay p99 / max there | GC pauses there | pool wait p99 there | req/s there | server CPU there (cores) | load generator CPU (per 1,000 players) | PostgreSQL + Redis CPU | machine busy | first step not sustained | load average before / at the end |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ]
  for (const r of results) {
    const best = r.best
    const failedStep = r.steps.findLast((step) => !step.sustained)
    const there = (show: (step: StepResult) => string) => (best ? show(best) : '—')
    const server = (show: (figures: ServerFigures) => string) =>
      there((step) => (step.server.read ? show(step.server) : '?'))
    lines.push(
      [
        '',
        scenarioName(r),
        `${best ? `**${n0(best.players)}**` : r.error ? 'failed' : 'none'}${r.end.startsWith('time') || r.end.startsWith('the last') ? ' (at least)' : ''}`,
        there((step) => `**${perThousand(step).toFixed(2)}**`),
        there((step) => n0(step.players / r.processes)),
        there((step) => ms(step.stateP99)),
        server((f) => `${secondsMs(f.loopDelayP99)} / ${secondsMs(f.loopDelayMax)}`),
        server((f) => `${secondsMs(f.gcPause)} in ${Math.round(windowMs / 1000)} s`),
        server((f) => `≤ ${secondsMs(f.poolWaitP99)}`),
        there((step) => n0(step.requestsPerSecond)),
        there((step) => step.serverCpu.map((c) => c.toFixed(2)).join(' + ')),
        there((step) => `${step.clientCpu.toFixed(2)} (${clientPerThousand(step).toFixed(2)})`),
        there((step) => step.databaseCpu.toFixed(2)),
        there((step) => percentText(step.machineBusy)),
        failedStep ? `${n0(failedStep.players)}: ${failedStep.why.join(', ')}` : r.end,
        `${r.loadAverageBefore.toFixed(1)} / ${(r.steps.at(-1)?.loadAverage ?? 0).toFixed(1)}`,
        '',
      ]
        .join(' | ')
        .trim(),
    )
  }
  lines.push('')
  if (one?.best && three?.best)
    lines.push(
      `- **Ratio three / one (PostgreSQL + Redis): ${(three.best.players / one.best.players).toFixed(2)}×** (${n0(three.best.players)} / ${n0(one.best.players)} players); per process ${(three.best.players / 3 / one.best.players).toFixed(2)}×.`,
    )
  else lines.push('- Ratio three / one: not measured (a scenario sustained no step, or was not run).')
  for (const r of results) {
    lines.push(
      `- ${scenarioName(r)}, ${r.seconds.toFixed(0)} s, machine busy before ${percentText(r.busyBefore)}, idle server CPU ${r.idleServerCpu.map((cpu) => cpu.toFixed(2)).join(' + ') || '?'} cores, ended: ${r.end}${r.error ? ` (${r.error.split('\n')[0]})` : ''}; server output lines (warnings, errors, the first start's banner) ${r.warnings.join(' / ') || '0'}. Steps:`,
    )
    for (const step of r.steps) lines.push(`  - ${describeStep(step).trimStart()}`)
  }
  lines.push(`- Whole run ${(elapsed() / 1000).toFixed(0)} s.`)
  return lines.join('\n')
}

function writeReadme(block: string): void {
  const start = '<!-- bench:load:figures:start (written by npm run bench:load) -->'
  const end = '<!-- bench:load:figures:end -->'
  if (!existsSync(readme)) return
  const text = readFileSync(readme, 'utf8')
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) {
    console.log(`bench/README.md has no ${start} block: figures not written`)
    return
  }
  writeFileSync(readme, `${text.slice(0, from + start.length)}\n${block}\n${text.slice(to)}`)
}

async function main(): Promise<void> {
  await compile()
  const machine = `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC of ${revision()}: node ${process.version}, nproc ${availableParallelism()} (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ' / ',
    )} at start; servers compiled by esbuild; ${workerCount} load worker processes on the same cores; steps ${steps.join(', ')}, warm-up ${warmupMs / 1000} s, window ${windowMs / 1000} s.`
  console.log(machine)
  const results: ScenarioResult[] = []
  for (const plan of scenarioPlans) {
    if (elapsed() > runBudgetMs - 60_000) {
      console.log(`${scenarioName(plan)}: skipped, the run's time budget is spent`)
      continue
    }
    results.push(await scenario(plan))
  }
  const block = report(results, machine)
  console.log(`\n${block}`)
  if (env.BENCH_README !== '0') writeReadme(block)
}

// Ctrl-C or a kill: take the servers and workers down too (the run's database and Redis keys stay)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of liveChildren) child.kill('SIGKILL')
    process.exit(130)
  })
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
