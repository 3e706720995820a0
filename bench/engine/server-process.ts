import { fork } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from 'esbuild'
import { serverNodeFlags } from '../../scripts/server-node-flags'
import { nextMessage } from '../child-message'
import type { ServerCommand, ServerReady, ServerStats } from './protocol'

const buildDir = new URL('../../node_modules/.cache/alpha-bench-engine/', import.meta.url).pathname
const serverSource = new URL('server.ts', import.meta.url).pathname
/** BENCH_TSX=1 runs the server through tsx as `npm start` does, instead of the esbuild output. */
const viaTsx = process.env.BENCH_TSX === '1'
/**
 * The node flags the server ships with (scripts/server-node-flags.ts), so both servers here run as the
 * shipped one does; BENCH_SERVER_NODE_OPTIONS replaces them (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof',
 * or '' for Node's defaults).
 */
const serverNodeOptions =
  process.env.BENCH_SERVER_NODE_OPTIONS === undefined
    ? serverNodeFlags
    : process.env.BENCH_SERVER_NODE_OPTIONS.split(' ').filter(Boolean)
/** What the servers ran with, for the report. */
export const serverFlags = serverNodeOptions.join(' ') || "Node's defaults"

/** Compiles the server child with esbuild (dependencies stay external), as a production build would. */
export async function compileServer(): Promise<string> {
  if (viaTsx) return 'via tsx'
  await build({
    entryPoints: [serverSource],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: buildDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  })
  return 'compiled by esbuild'
}

/** CPU the server used between two stats, in cores, and its event-loop delay p99 over that time. */
export interface ServerUsage {
  cpu: number
  loopDelayP99: number
  rss: number
}

export interface ServerProcess {
  port: number
  pid: number | undefined
  /** a mark to measure CPU from */
  stats(): Promise<ServerStats>
  usageSince(mark: ServerStats, seconds: number): Promise<ServerUsage>
  stop(): Promise<void>
}

/** Starts the server child (see server.ts) and waits until it listens on 127.0.0.1. */
export async function startServer(
  command: Extract<ServerCommand, { type: 'start' }>,
): Promise<ServerProcess> {
  const [file, nodeArgs] = viaTsx ? [serverSource, ['--import', 'tsx']] : [`${buildDir}server.mjs`, []]
  const child = fork(file, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...nodeArgs, ...serverNodeOptions],
  })
  const ready = nextMessage<ServerReady>(child, 'ready')
  child.send(command)
  const { port } = await ready
  const stats = () => {
    const answer = nextMessage<ServerStats>(child, 'stats')
    child.send({ type: 'stats' } satisfies ServerCommand)
    return answer
  }
  return {
    port,
    pid: child.pid,
    stats,
    async usageSince(mark, seconds) {
      const now = await stats()
      const cpu = (now.cpuUser + now.cpuSystem - mark.cpuUser - mark.cpuSystem) / 1e6 / seconds
      return { cpu, loopDelayP99: now.loopDelayP99, rss: now.rss }
    },
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      if (child.connected) child.send({ type: 'exit' } satisfies ServerCommand)
      await Promise.race([exited, sleep(10_000)])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
