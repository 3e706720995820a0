import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { LoadOptions, LoadResult } from './load'

/**
 * Loopback GET load with wrk (Debian's `wrk` package), a diagnosis for the read scenario
 * (BENCH_LOAD_GENERATOR=wrk): autocannon, in Node, takes a whole core to drive 200 connections and is the
 * bottleneck, so its req/s ratio mostly measures autocannon. wrk drives the same load from C at a third
 * of a core and saturates the server instead: its ratio is the servers' own cost. Its p99 at saturation
 * is erratic here (see bench/README.md).
 */

const run = promisify(execFile)

/** wrk's `done` hook prints the figures as one JSON line (latencies in microseconds). */
const reportScript = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK_FIGURES {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`

interface WrkFigures {
  requests: number
  durationUs: number
  bytes: number
  connect: number
  read: number
  write: number
  status: number
  timeout: number
  p50: number
  p99: number
  max: number
}

export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary is "not available"
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
}

/** One wrk run (`-t1`, every connection keeps one request in flight), bounded in time. */
export async function runWrkLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.next || (options.method ?? 'GET') !== 'GET')
    throw new Error('runWrkLoad sends one fixed GET; use runLoad for varied requests')
  const dir = mkdtempSync(join(tmpdir(), 'alpha-wrk-'))
  try {
    const script = join(dir, 'report.lua')
    writeFileSync(script, reportScript)
    const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      '-H',
      `${name}: ${value}`,
    ])
    const args = [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      '--timeout',
      '10s',
      '-s',
      script,
      ...headers,
      `http://127.0.0.1:${options.port}${options.path}`,
    ]
    // bash's `time` reports the child's CPU, which Node cannot read for a child process
    const { stdout, stderr } = await run(
      'bash',
      ['-c', 'TIMEFORMAT="%U %S"; time wrk "$@"', 'wrk', ...args],
      {
        maxBuffer: 1 << 20,
      },
    )
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_FIGURES '))
    if (!line) throw new Error(`wrk printed no figures: ${stdout}${stderr}`)
    const figures = JSON.parse(line.slice('WRK_FIGURES '.length)) as WrkFigures
    const [user = Number.NaN, system = Number.NaN] = stderr.trim().split(/\s+/).slice(-2).map(Number)
    const seconds = figures.durationUs / 1e6
    const ok = figures.requests - figures.status
    return {
      perSecond: ok / seconds,
      p50: figures.p50 / 1000,
      p99: figures.p99 / 1000,
      max: figures.max / 1000,
      ok,
      failed: figures.status + figures.connect + figures.read + figures.write + figures.timeout,
      firstFailure: figures.status > 0 ? `${figures.status} answers outside 2xx/3xx` : undefined,
      seconds,
      bytesPerSecond: figures.bytes / seconds,
      generatorCpu: (user + system) / seconds,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
