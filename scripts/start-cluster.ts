/**
 * `npm run start:cluster`: a local cluster of ALPHA_CLUSTER_SIZE (default 3) server processes on
 * consecutive ports from PORT (default 8080), on one PostgreSQL (DATABASE_URL) and one Redis
 * (REDIS_URL), both required. Runs the compiled server (`npm run build:server`) as `npm start` does.
 * The first process starts alone (migrations, the link-signing key in the data folder, the first
 * invitation code), then the others. Each line of output is prefixed with the process's port.
 * SIGINT / SIGTERM stop them all; a process that dies is reported, not restarted (kill one to watch
 * another take over the market within seconds).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { serverNodeFlags } from './server-node-flags'

const root = fileURLToPath(new URL('..', import.meta.url))
const entry = 'build/server/main.mjs'

function fail(message: string): never {
  console.error(`start:cluster: ${message}`)
  process.exit(1)
}

const size = Number(process.env.ALPHA_CLUSTER_SIZE ?? 3)
const basePort = Number(process.env.PORT ?? 8080)
if (!Number.isInteger(size) || size < 1 || size > 64) fail('ALPHA_CLUSTER_SIZE: a whole number from 1 to 64')
if (!Number.isInteger(basePort) || basePort < 1 || basePort + size - 1 > 65535) fail('PORT: a port number')
if (!process.env.DATABASE_URL) fail('DATABASE_URL is required (postgres://user@host:5432/db)')
if (!process.env.REDIS_URL) fail('REDIS_URL is required (redis://127.0.0.1:6379)')
if (!existsSync(`${root}/${entry}`)) fail(`${entry} is missing: run npm run build:server first`)

const children = new Map<number, ChildProcess>()
let stopping = false

function startProcess(port: number): ChildProcess {
  const child = spawn(process.execPath, [...serverNodeFlags, entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${port}] ${line}`))
  }
  child.on('exit', (code, signal) => {
    children.delete(port)
    if (!stopping) console.error(`[${port}] exited (${signal ?? `code ${code}`}); the others go on`)
    if (children.size === 0) process.exit(stopping ? 0 : 1)
  })
  children.set(port, child)
  return child
}

async function healthy(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v1/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  fail(`the process on port ${port} did not become healthy`)
}

function stopAll(signal: NodeJS.Signals): void {
  if (stopping) return
  stopping = true
  for (const child of children.values()) child.kill(signal)
}
process.on('SIGINT', () => stopAll('SIGTERM'))
process.on('SIGTERM', () => stopAll('SIGTERM'))

const ports = Array.from({ length: size }, (_, i) => basePort + i)
const [first, ...rest] = ports
if (first !== undefined) await healthy(first, startProcess(first))
await Promise.all(rest.map((port) => healthy(port, startProcess(port))))
console.log(
  `start:cluster: ${size} processes on ${ports.map((port) => `http://localhost:${port}`).join(', ')}`,
)
