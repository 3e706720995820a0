import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { Redis } from 'ioredis'
import pg from 'pg'
import { serverNodeFlags } from '../../scripts/server-node-flags'
import { createInvitationCodes, operatorCodeLifetimeMs } from '../../server/auth/invitations.repo'
import { connectDatabase } from '../../server/db/connect'

/**
 * The servers of a load scenario: N real server processes (`server/main.ts` compiled by esbuild as
 * `npm run build:server` does, run with `npm start`'s node flags) on a fresh PostgreSQL database and a
 * fresh Redis key prefix, started as `npm run start:cluster` starts them (the first alone: it migrates;
 * then the others), or one process on a fresh embedded SQLite file (the default install); bots off,
 * rate limits off, the test clock on.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const buildDir = join(root, 'node_modules/.cache/alpha-bench-load/')
export const serverEntry = join(buildDir, 'main.mjs')
export const workerEntry = join(buildDir, 'players.mjs')

/** The PostgreSQL to create the run's databases on (trust auth). */
export const postgresAdminUrl =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Compiles the server and the load worker (dependencies stay external), as a production build would. */
export async function compile(): Promise<void> {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  } as const
  await Promise.all([
    build({ ...common, entryPoints: [join(root, 'server/main.ts')], outfile: serverEntry }),
    build({ ...common, entryPoints: [join(root, 'bench/load/players.ts')], outfile: workerEntry }),
  ])
}

/** `npm start`'s node flags; BENCH_SERVER_FLAGS adds more (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof). */
const serverFlags = [...serverNodeFlags, ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)]

/** Every server and worker process running, for a Ctrl-C to take down. */
export const liveChildren = new Set<ChildProcess>()

export interface ServerNode {
  port: number
  url: string
  child: ChildProcess
  /** the last lines it printed (LOG_LEVEL=warn: warnings and errors) */
  tail: string[]
  warnings: number
}

export interface Cluster {
  nodes: ServerNode[]
  /** server clock minus Date.now() once the clock has been moved */
  clockOffsetMs: number
  serverNow: number
  /** invitation codes for the players */
  codes: string[]
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function healthy(node: ServerNode, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && node.child.exitCode === null) {
    try {
      if ((await fetch(`${node.url}/v1/health`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(200)
  }
  throw new Error(`the server on ${node.port} did not become healthy:\n${node.tail.join('\n')}`)
}

async function clock(node: ServerNode, advanceMs: number): Promise<number> {
  const answer = await fetch(`${node.url}/v1/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-version': 'bench', origin: node.url },
    body: JSON.stringify({ advanceMs }),
  })
  if (!answer.ok) throw new Error(`test clock on ${node.port}: HTTP ${answer.status} ${await answer.text()}`)
  return ((await answer.json()) as { now: number }).now
}

/** Where a scenario's servers keep their data. */
export type Backend = 'sqlite' | 'postgres'

/**
 * Starts `size` processes on a fresh store (PostgreSQL + Redis, or the embedded SQLite default: one
 * process, no Redis), moves the clock to `clockTarget(now)`.
 */
export async function startCluster(
  backend: Backend,
  size: number,
  playerCodes: number,
  clockTarget: (serverNow: number) => number,
): Promise<Cluster> {
  if (backend === 'sqlite' && size !== 1) throw new Error('the embedded SQLite default is one process')
  const stores = backend === 'postgres' ? await createSharedStores() : undefined
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-bench-load-'))
  const nodes: ServerNode[] = []
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    ...(stores
      ? { DATABASE_URL: stores.databaseUrl, REDIS_URL: redisUrl, ALPHA_REDIS_PREFIX: stores.prefix }
      : {}),
    // the game's zone, the one the bench's clock target is set in (the server's default when unset)
    ...(process.env.ALPHA_TIME_ZONE ? { ALPHA_TIME_ZONE: process.env.ALPHA_TIME_ZONE } : {}),
    // each process's PostgreSQL connections (the server's default when unset)
    ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
    ALPHA_DATA_DIR: dataDir,
    ALPHA_STATIC_DIR: join(dataDir, 'dist'),
    ALPHA_SECRET: 'bench-load-secret-that-is-at-least-32-characters',
    ALPHA_TEST_CLOCK: '1',
    ALPHA_BOTS: '0',
    ALPHA_RATE_LIMITS: '0',
    ALPHA_SCRYPT_LOG_N: '10',
    LOG_LEVEL: 'warn',
  }
  const start = (port: number): ServerNode => {
    const child = spawn(process.execPath, [...serverFlags, serverEntry], {
      cwd: root,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    liveChildren.add(child)
    child.once('exit', () => liveChildren.delete(child))
    const node: ServerNode = { port, url: `http://127.0.0.1:${port}`, child, tail: [], warnings: 0 }
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue
      createInterface({ input: stream }).on('line', (line) => {
        node.warnings += 1
        node.tail.push(line.slice(0, 400))
        if (node.tail.length > 20) node.tail.shift()
      })
    }
    nodes.push(node)
    return node
  }

  const stop = async () => {
    await Promise.all(
      nodes.map(async (node) => {
        if (node.child.exitCode !== null || node.child.signalCode !== null) return
        const exited = new Promise((resolve) => node.child.once('exit', resolve))
        node.child.kill('SIGTERM')
        await Promise.race([exited, sleep(12_000)])
        if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL')
      }),
    )
    await stores?.remove()
    rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    const ports: number[] = []
    for (let i = 0; i < size; i += 1) ports.push(await freePort())
    const [first, ...rest] = ports
    await healthy(start(first as number))
    await Promise.all(rest.map((port) => healthy(start(port))))
    // one move of the cluster's clock through the first process (its jobs open the polls), then
    // every other process runs its jobs at the new time
    const [head] = nodes as [ServerNode]
    const now = await clock(head, 0)
    await clock(head, Math.max(0, clockTarget(now) - now))
    await Promise.all(nodes.slice(1).map((node) => clock(node, 0)))
    const serverNow = await clock(head, 0)
    const answeredAt = Date.now()
    // the processes' clock is Date.now() plus an offset: the shared test clock keeps it in Redis; a
    // process alone keeps it itself (read from its answer, whose time is read as it is sent, after the
    // jobs it runs: off by the answer's way back, a millisecond on loopback)
    const clockOffsetMs = stores ? await stores.clockOffset() : serverNow - answeredAt
    const db = connectDatabase({ databaseUrl: stores?.databaseUrl, dataDir })
    let codes: string[] = []
    try {
      codes = await createInvitationCodes(db, {
        count: playerCodes,
        ownerId: null,
        now: serverNow,
        lifetimeMs: operatorCodeLifetimeMs,
      })
    } finally {
      await db.destroy()
    }
    return { nodes, clockOffsetMs, serverNow, codes, stop }
  } catch (error) {
    await stop().catch(() => undefined)
    throw error
  }
}

/** A fresh PostgreSQL database and Redis key prefix, and how to remove them. */
async function createSharedStores() {
  const name = `alpha_bench_load_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresAdminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(postgresAdminUrl)
  dbUrl.pathname = `/${name}`
  const prefix = `alpha-bench-load-${randomBytes(5).toString('hex')}:`
  const withRedis = async <T>(work: (redis: Redis) => Promise<T>): Promise<T> => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    try {
      await redis.connect()
      return await work(redis)
    } finally {
      redis.disconnect()
    }
  }
  return {
    databaseUrl: dbUrl.toString(),
    prefix,
    clockOffset: () =>
      withRedis(async (redis) => Number((await redis.get(`${prefix}test-clock-offset`)) ?? 0)),
    async remove() {
      await withRedis(async (redis) => {
        const keys = await redis.keys(`${prefix}*`)
        if (keys.length > 0) await redis.del(...keys)
      })
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/** utime + stime of a process from /proc, in seconds (0 when it is gone). */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields[11] and [12] are utime and stime (the 14th and 15th of the line), in clock ticks of 1/100 s
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/**
 * CPU seconds of every PostgreSQL and Redis process on the machine, by pid. They serve other sessions'
 * tests too, so what the run cost them is at most the growth between two of these.
 */
export function databaseCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim()
      if (comm === 'postgres' || comm.startsWith('redis-server'))
        byPid.set(Number(entry), processCpuSeconds(Number(entry)))
    } catch {
      // gone meanwhile
    }
  }
  return byPid
}

/** CPU seconds between two `databaseCpuSeconds()` (a process gone meanwhile is left out). */
export function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0)
  return total
}

/** Cumulative busy and total jiffies of the whole machine, from /proc/stat. */
export function machineTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number)
    if (!fields || fields.length < 5) return undefined
    const total = fields.reduce((sum, value) => sum + value, 0)
    return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total }
  } catch {
    return undefined
  }
}
