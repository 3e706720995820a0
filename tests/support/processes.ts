import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

/** The repository root: scripts run from here, as `npm run admin` and `npm start` do. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** A clean environment for a child server or CLI: nothing from the test process leaks in but PATH and HOME. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, ...env }
}

export interface Finished {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

export interface Started {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** Resolves when the combined output matches; rejects on exit or timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  exited: Promise<Finished>
}

/** `node --import tsx <script> ...args` from the repository root. */
export function startTsx(script: string, args: string[], env: Record<string, string>): Started {
  return startNode(['--import', 'tsx', script, ...args], env)
}

/** `node ...args` from the repository root, its output collected. */
export function startNode(args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  const listeners = new Set<() => void>()
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    for (const l of [...listeners]) l()
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
    for (const l of [...listeners]) l()
  })
  const exited = new Promise<Finished>((resolve) => {
    child.on('exit', (code, signal) => {
      // let the pipes drain
      setImmediate(() => {
        resolve({ code, signal, stdout, stderr })
        for (const l of [...listeners]) l()
      })
    })
  })
  let done = false
  void exited.then(() => {
    done = true
  })
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForOutput(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = (stdout + stderr).match(pattern)
          if (match) {
            finish()
            resolve(match)
          } else if (done) {
            finish()
            reject(new Error(`exited before printing ${pattern}:\n${stdout}\n${stderr}`))
          }
        }
        const timer = setTimeout(() => {
          finish()
          reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${stdout}\n${stderr}`))
        }, timeoutMs)
        const finish = () => {
          clearTimeout(timer)
          listeners.delete(check)
        }
        listeners.add(check)
        check()
      })
    },
  }
}

/** Runs a tsx script to its end. */
export function runTsx(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return startTsx(script, args, env).exited
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
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

/** Polls GET /v1/health until it answers 200; fails early, with the output, when the process ends. */
export async function waitForHealth(baseUrl: string, started?: Started, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const output = () => (started ? `\n${started.stdout()}\n${started.stderr()}` : '')
  for (;;) {
    try {
      const answer = await fetch(`${baseUrl}/v1/health`)
      if (answer.status === 200) return
    } catch {
      // not listening yet
    }
    if (started && started.child.exitCode !== null) throw new Error(`the server exited${output()}`)
    if (Date.now() > deadline)
      throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms${output()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
