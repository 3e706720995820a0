import { type ChildProcess, fork, type StdioOptions } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from 'esbuild'
import { serverNodeFlags } from '../../scripts/server-node-flags'
import { nextMessage } from '../child-message'
import type {
  ClientCommand,
  ClientReport,
  ServerCommand,
  ServerKind,
  ServerReady,
  ServerStats,
} from './protocol'

/**
 * bench/ticks: tick deliveries per second to N subscribed clients (10 of 100 titles each) through our
 * socket.io server (the whole app, as buildApp makes it) and through a plain ws broadcast of the same
 * ticks, in one run. Each server runs alone in a child process, so its CPU and memory are its own; the
 * clients run in other processes. The offered tick rate climbs until the clients stop receiving all
 * that is sent; the highest rate delivered in full is the saturation throughput. Method and figures:
 * bench/README.md.
 */

const clientCounts = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number)
const repeats = Number(process.env.BENCH_REPEAT ?? 1)
/**
 * BENCH_SERVERS: which servers run. 'ws' is the plain baseline the target is set against;
 * 'ws-batched' is ws with the same per-round write coalescing as our server; 'socketio-stock' is our
 * server with socket.io's stock in-memory adapter instead of FanOutAdapter.
 */
type Variant = 'ws' | 'ws-batched' | 'socketio' | 'socketio-stock'
const variants = (process.env.BENCH_SERVERS ?? 'ws,ws-batched,socketio').split(',') as Variant[]
const protocolOf = (variant: Variant): ServerKind => (variant.startsWith('ws') ? 'ws' : 'socketio')
const titlesPerClient = 10
const titleCount = 100
const workers = Number(process.env.BENCH_CLIENT_WORKERS ?? Math.max(1, availableParallelism() - 1))
/** hard limit of one scenario: connect, ramp and teardown */
const scenarioBudgetMs = Number(process.env.BENCH_SCENARIO_MS ?? 60_000)
/** BENCH_TSX=1 runs the servers through tsx as `npm start` does (its loader thread adds memory) */
const viaTsx = process.env.BENCH_TSX === '1'
const warmupMs = 750
const windowMs = 1750
/** a step is sustained when the clients receive this share of the offered deliveries */
const sustainedShare = 0.95
const startDeliveriesPerSecond = 20_000
const growth = 1.3

interface StepResult {
  ticksPerSecond: number
  offered: number
  delivered: number
  emittedShare: number
  /** server CPU, in cores */
  cpu: number
  /** CPU of all client processes together, in cores */
  clientCpu: number
  /** share of the whole machine's CPU in use (kernel network work included) */
  machineBusy?: number
  loopDelayP99: number
  rss: number
  /** clients the server closed during the step */
  closed: number
  sustained: boolean
}

interface ScenarioResult {
  kind: Variant
  clients: number
  connectMs: number
  /** RSS before any client connected */
  baseRss: number
  /** RSS with every client connected and subscribed, before ticks */
  idleRss: number
  peakRss: number
  /** share of the machine's CPU other work used just before the scenario */
  busyBefore?: number
  best?: StepResult
  steps: StepResult[]
  error?: string
}

const buildDir = new URL('../../node_modules/.cache/alpha-bench-ticks/', import.meta.url).pathname
const here = (file: string) => new URL(file, import.meta.url).pathname

/** Compiles the child processes with esbuild (dependencies stay external), as a production build would. */
async function compile(): Promise<void> {
  await build({
    entryPoints: ['socketio-server.ts', 'ws-server.ts', 'clients.ts'].map(here),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: buildDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  })
}

/**
 * BENCH_SERVER_NODE_OPTIONS: node flags for the server children, e.g. '--cpu-prof'. The default is what
 * `npm start` runs the server with, so the figures are the shipped configuration's.
 */
const serverNodeOptions =
  process.env.BENCH_SERVER_NODE_OPTIONS === undefined
    ? serverNodeFlags
    : process.env.BENCH_SERVER_NODE_OPTIONS.split(' ').filter(Boolean)

/**
 * BENCH_PIN=1 (with taskset and two cores or more): the server gets core 0 and the clients the others,
 * so neither steals the other's CPU. Off by default: on a machine shared with other work a pinned
 * server cannot move away from a busy core.
 */
const pinning =
  process.env.BENCH_PIN === '1' && availableParallelism() >= 2 && existsSync('/usr/bin/taskset')
    ? { server: '0', clients: `1-${availableParallelism() - 1}` }
    : undefined

function spawn(name: string, env: Record<string, string> = {}): ChildProcess {
  const [file, nodeArgs] = viaTsx ? [here(`${name}.ts`), ['--import', 'tsx']] : [`${buildDir}${name}.mjs`, []]
  if (name !== 'clients') nodeArgs.push(...serverNodeOptions)
  const stdio: StdioOptions = ['ignore', 'inherit', 'inherit', 'ipc']
  const options = { stdio, env: { ...process.env, ...env } }
  if (!pinning) return fork(file, [], { ...options, execArgv: nodeArgs })
  const cores = name === 'clients' ? pinning.clients : pinning.server
  return fork(file, [], {
    ...options,
    execPath: '/usr/bin/taskset',
    execArgv: ['-c', cores, process.execPath, ...nodeArgs],
  })
}

function ask<T extends { type: string }>(
  child: ChildProcess,
  command: ServerCommand | ClientCommand,
  type: T['type'],
): Promise<T> {
  const answer = nextMessage<T>(child, type)
  child.send(command)
  return answer
}

type Count = Extract<ClientReport, { type: 'count' }>

async function snapshot(server: ChildProcess, clients: ChildProcess[]) {
  const [stats, ...counts] = await Promise.all([
    ask<ServerStats>(server, { type: 'stats' }, 'stats'),
    ...clients.map((client) => ask<Count>(client, { type: 'count' }, 'count')),
  ])
  const reports = counts as Count[]
  return {
    at: performance.now(),
    stats: stats as ServerStats,
    received: reports.reduce((sum, count) => sum + count.ticks, 0),
    closed: reports.reduce((sum, count) => sum + count.closed, 0),
    clientCpu: reports.reduce((sum, count) => sum + count.cpuUser + count.cpuSystem, 0),
    machine: machineTimes(),
  }
}

async function step(
  server: ChildProcess,
  clients: ChildProcess[],
  ticksPerSecond: number,
  fanout: number,
  clientCount: number,
) {
  server.send({ type: 'rate', ticksPerSecond } satisfies ServerCommand)
  await sleep(warmupMs)
  const before = await snapshot(server, clients)
  await sleep(windowMs)
  const after = await snapshot(server, clients)
  const seconds = (after.at - before.at) / 1000
  // clients the server cut off (too far behind) no longer count in the fan-out
  const offered = ticksPerSecond * fanout * (1 - before.closed / clientCount)
  const delivered = (after.received - before.received) / seconds
  const emittedShare = (after.stats.emitted - before.stats.emitted) / seconds / ticksPerSecond
  const serverCpu =
    after.stats.cpuUser + after.stats.cpuSystem - before.stats.cpuUser - before.stats.cpuSystem
  const result: StepResult = {
    ticksPerSecond,
    offered,
    delivered,
    emittedShare,
    cpu: serverCpu / 1e6 / seconds,
    clientCpu: (after.clientCpu - before.clientCpu) / 1e6 / seconds,
    machineBusy: busyBetween(before.machine, after.machine),
    loopDelayP99: after.stats.loopDelayP99,
    rss: after.stats.rss,
    closed: after.closed - before.closed,
    sustained:
      delivered >= sustainedShare * offered &&
      emittedShare >= sustainedShare &&
      after.closed === before.closed,
  }
  return result
}

/** After an overloaded step the server's buffers hold a backlog: stop ticking until it has drained. */
async function drain(server: ChildProcess, clients: ChildProcess[]): Promise<void> {
  server.send({ type: 'rate', ticksPerSecond: 0 } satisfies ServerCommand)
  let last = -1
  for (let i = 0; i < 40; i += 1) {
    await sleep(150)
    const { received } = await snapshot(server, clients)
    if (received === last) return
    last = received
  }
}

function describeStep(kind: Variant, clients: number, outcome: StepResult): string {
  return [
    `${kind.padEnd(14)} ${String(clients).padStart(5)} clients:`,
    `${Math.round(outcome.ticksPerSecond).toString().padStart(6)} ticks/s`,
    `offered ${Math.round(outcome.offered)}`,
    `delivered ${Math.round(outcome.delivered)}`,
    `server cpu ${outcome.cpu.toFixed(2)}`,
    `clients cpu ${outcome.clientCpu.toFixed(2)}`,
    `machine ${outcome.machineBusy === undefined ? '?' : `${Math.round(outcome.machineBusy * 100)}%`}`,
    `lag p99 ${outcome.loopDelayP99.toFixed(0)} ms`,
    `rss ${mb(outcome.rss)} MB`,
    ...(outcome.closed ? [`${outcome.closed} clients cut off`] : []),
    outcome.sustained ? 'ok' : 'SATURATED',
  ].join(' ')
}

/** Idle and total CPU time of the whole machine so far, from /proc/stat (undefined where there is none). */
function machineTimes(): { idle: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number)
    if (!fields || fields.length < 5) return undefined
    return { idle: (fields[3] ?? 0) + (fields[4] ?? 0), total: fields.reduce((sum, value) => sum + value, 0) }
  } catch {
    return undefined
  }
}

function busyBetween(
  before: ReturnType<typeof machineTimes>,
  after: ReturnType<typeof machineTimes>,
): number | undefined {
  if (!before || !after || after.total === before.total) return undefined
  return 1 - (after.idle - before.idle) / (after.total - before.total)
}

/** Share of the machine's CPU busy over `ms`. */
async function machineBusy(ms: number): Promise<number | undefined> {
  const before = machineTimes()
  await sleep(ms)
  return busyBetween(before, machineTimes())
}

/** Other work on the machine skews the figures: wait up to 30 s for it to calm down, and say how busy it was. */
async function waitForQuiet(): Promise<number | undefined> {
  let busy = await machineBusy(1000)
  for (let i = 0; i < 15 && busy !== undefined && busy > 0.15; i += 1) busy = await machineBusy(2000)
  return busy
}

async function scenario(kind: Variant, clients: number): Promise<ScenarioResult> {
  const busy = await waitForQuiet()
  if (busy !== undefined) console.log(`machine busy before ${kind} ${clients}: ${Math.round(busy * 100)}%`)
  const deadline = performance.now() + scenarioBudgetMs
  const server = spawn(protocolOf(kind) === 'ws' ? 'ws-server' : 'socketio-server', {
    BENCH_STOCK_ADAPTER: kind === 'socketio-stock' ? '1' : '0',
    BENCH_WS_BATCHED: kind === 'ws-batched' ? '1' : '0',
  })
  const clientProcesses = Array.from({ length: workers }, () => spawn('clients'))
  // Whatever hangs, the scenario ends: killed children reject every pending answer.
  const watchdog = setTimeout(() => {
    for (const child of [server, ...clientProcesses]) child.kill('SIGKILL')
  }, scenarioBudgetMs + 10_000)
  const result: ScenarioResult = {
    kind,
    clients,
    connectMs: 0,
    baseRss: 0,
    idleRss: 0,
    peakRss: 0,
    busyBefore: busy,
    steps: [],
  }
  try {
    const ready = await nextMessage<ServerReady>(server, 'ready')
    await sleep(500)
    result.baseRss = (await snapshot(server, [])).stats.rss
    const connectStarted = performance.now()
    const perWorker = Math.ceil(clients / workers)
    const reports = await Promise.all(
      clientProcesses.map((child, w) =>
        ask<Extract<ClientReport, { type: 'connected' }>>(
          child,
          {
            type: 'connect',
            kind: protocolOf(kind),
            port: ready.port,
            credentials: ready.credentials,
            titleIds: ready.titleIds.slice(0, titleCount),
            first: w * perWorker,
            count: Math.max(0, Math.min(perWorker, clients - w * perWorker)),
            titlesPerClient,
          },
          'connected',
        ),
      ),
    )
    result.connectMs = performance.now() - connectStarted
    const failed = reports.reduce((sum, report) => sum + report.failed, 0)
    if (failed > 0) {
      throw new Error(`${failed} clients failed to connect: ${reports.find((r) => r.firstError)?.firstError}`)
    }
    await sleep(500)
    result.idleRss = (await snapshot(server, clientProcesses)).stats.rss
    const fanout = (clients * titlesPerClient) / titleCount
    let rate = startDeliveriesPerSecond / fanout
    let overloadedAt: number | undefined
    while (performance.now() + warmupMs + windowMs + 1500 < deadline) {
      let outcome = await step(server, clientProcesses, rate, fanout, clients)
      result.steps.push(outcome)
      result.peakRss = Math.max(result.peakRss, outcome.rss)
      console.log(describeStep(kind, clients, outcome))
      if (!outcome.sustained && performance.now() + 2 * (warmupMs + windowMs) + 1500 < deadline) {
        // A step can fail because something else on the machine took the CPU for a moment: it must
        // fail twice, with the backlog drained in between, to count as saturation.
        await drain(server, clientProcesses)
        outcome = await step(server, clientProcesses, rate, fanout, clients)
        result.steps.push(outcome)
        result.peakRss = Math.max(result.peakRss, outcome.rss)
        console.log(`${describeStep(kind, clients, outcome)} (again)`)
      }
      if (outcome.sustained) {
        if (!result.best || outcome.delivered > result.best.delivered) result.best = outcome
      } else {
        overloadedAt = Math.min(overloadedAt ?? rate, rate)
        await drain(server, clientProcesses)
      }
      const low = result.best?.ticksPerSecond
      if (overloadedAt === undefined) rate *= growth
      else if (low === undefined) rate = overloadedAt / 2
      else if (overloadedAt / low < 1.05) break
      else rate = (low + overloadedAt) / 2
    }
  } catch (error) {
    result.error = String(error)
    console.error(`${kind} ${clients}: ${result.error}`)
  } finally {
    clearTimeout(watchdog)
    for (const child of [server, ...clientProcesses]) {
      if (child.connected) child.send({ type: 'exit' })
    }
    await sleep(300)
    for (const child of [server, ...clientProcesses]) if (child.exitCode === null) child.kill('SIGKILL')
    await sleep(1000)
  }
  return result
}

function openFileLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    return line ? Number(line.split(/\s+/)[3]) : undefined
  } catch {
    return undefined
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
const k = (n: number | undefined) => (n === undefined ? '-' : `${(n / 1000).toFixed(1)}k`)
const times = (a: number | undefined, b: number | undefined) => (a && b ? `${(a / b).toFixed(2)}×` : '-')

/** Deliveries per server CPU-second at the highest tick rate that both servers sustained. */
function efficiencyAtCommonRate(mine: ScenarioResult[], baseline: ScenarioResult[]) {
  const sustained = (results: ScenarioResult[]) => results.flatMap((r) => r.steps.filter((s) => s.sustained))
  const ours = sustained(mine)
  const theirs = sustained(baseline)
  const common = ours
    .map((s) => s.ticksPerSecond)
    .filter((rate) => theirs.some((s) => Math.abs(s.ticksPerSecond - rate) < 1e-6))
  if (common.length === 0) return undefined
  const rate = Math.max(...common)
  const best = (steps: StepResult[]) =>
    Math.max(...steps.filter((s) => Math.abs(s.ticksPerSecond - rate) < 1e-6).map((s) => s.delivered / s.cpu))
  return { rate, ours: best(ours), theirs: best(theirs) }
}

async function main(): Promise<void> {
  const limit = openFileLimit()
  const needed = Math.max(...clientCounts) + 1000
  if (limit !== undefined && limit < needed) {
    console.error(
      `open file limit ${limit} < ${needed}: run through 'npm run bench:ticks' (it raises ulimit -n)`,
    )
    process.exit(1)
  }
  if (!viaTsx) await compile()
  console.log(
    `node ${process.version}, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(2)}, ${workers} client process(es), servers ${viaTsx ? 'via tsx' : 'compiled by esbuild'}, ${pinning ? `server pinned to core ${pinning.server}, clients to ${pinning.clients}` : 'no CPU pinning'}`,
  )
  const results: ScenarioResult[] = []
  for (const clients of clientCounts) {
    for (let round = 0; round < repeats; round += 1) {
      for (const kind of round % 2 === 0 ? variants : [...variants].reverse())
        results.push(await scenario(kind, clients))
    }
  }
  console.log(`\nload after the run ${loadavg()[0]?.toFixed(2)}; best of ${repeats} run(s) per server\n`)
  console.log(
    '| clients | server | saturation deliveries/s | vs ws | server CPU there | deliveries per CPU-second (at ticks/s) | vs ws | RSS base / idle / at saturation / peak | machine busy before |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const clients of clientCounts) {
    const of = (kind: Variant) => results.filter((r) => r.kind === kind && r.clients === clients)
    const bestOf = (kind: Variant) =>
      of(kind).reduce<ScenarioResult | undefined>(
        (best, r) => (r.best && (!best?.best || r.best.delivered > best.best.delivered) ? r : best),
        undefined,
      )
    const ws = bestOf('ws')
    for (const kind of variants) {
      const r = bestOf(kind) ?? of(kind)[0]
      // ws's own figure is taken at the rate it shares with our server, the pair the README compares
      const efficiency = efficiencyAtCommonRate(kind === 'ws' ? of('socketio') : of(kind), of('ws'))
      const perCpu = kind === 'ws' ? efficiency?.theirs : efficiency?.ours
      const memory = of(kind)
      const cells = [
        clients,
        kind,
        k(r?.best?.delivered),
        times(r?.best?.delivered, ws?.best?.delivered),
        r?.best ? `${Math.round(r.best.cpu * 100)}%` : '-',
        efficiency ? `${k(perCpu)} (${Math.round(efficiency.rate)})` : '-',
        times(perCpu, efficiency?.theirs),
        `${mb(Math.max(...memory.map((m) => m.baseRss)))} / ${mb(Math.max(...memory.map((m) => m.idleRss)))} / ${r?.best ? mb(r.best.rss) : '-'} / ${mb(Math.max(...memory.map((m) => m.peakRss)))} MB`,
        memory
          .map((m) => (m.busyBefore === undefined ? '?' : `${Math.round(m.busyBefore * 100)}%`))
          .join(', '),
      ]
      console.log(
        `| ${cells.join(' | ')} |${memory.some((m) => m.error) ? ` errors: ${memory.map((m) => m.error).join('; ')}` : ''}`,
      )
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
