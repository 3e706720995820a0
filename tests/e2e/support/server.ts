import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { inject } from 'vitest'
import { repoRoot } from './paths'

const execFileAsync = promisify(execFile)

/** One mail of the outbox log (no SMTP configured): what the player would have received. */
export interface OutboxMail {
  at: string
  from: string
  to: string
  subject: string
  text?: string
  html?: string
  [key: string]: unknown
}

export interface E2eServer {
  /** `http://127.0.0.1:<port>`, also the server's APP_ORIGIN */
  url: string
  port: number
  /** the temporary ALPHA_DATA_DIR (SQLite database, outbox.log) */
  dataDir: string
  /** the code the first start printed (formatted `ABCD-EFGH-…`, as a player would type it) */
  invitationCode: string
  /** everything the server wrote to stdout and stderr so far */
  output(): string
  /** new operator codes, made by `npm run admin -- invite` on the same database (about 1 s a call) */
  mintInvitationCodes(count?: number): Promise<string[]>
  /** runs `npm run admin -- …args` on the server's database (e.g. an announcement); resolves to its stdout */
  admin(...args: string[]): Promise<string>
  /** an unused code: the printed one first, then from a pool minted ten at a time */
  takeInvitationCode(): Promise<string>
  /** moves the server's clock forward (due jobs run before the answer); resolves to the new server time (epoch ms) */
  advanceClock(advanceMs: number): Promise<number>
  /** the mails written to the outbox so far, oldest first */
  outbox(): OutboxMail[]
  /**
   * Stops the process (SIGTERM) and starts a new one on the same port and data folder, as a deploy
   * would; `whileDown` runs in between (e.g. to wait until the browser noticed). Resolves once the new
   * process answers /v1/health. The test clock starts again from wall time.
   */
  restart(options?: { whileDown?: () => Promise<void> }): Promise<void>
  /** SIGTERM, then SIGKILL after 10 s; removes the data folder. Safe to call twice. */
  stop(): Promise<void>
}

export interface E2eServerOptions {
  /** extra or overriding environment, e.g. { LOG_LEVEL: 'info' } */
  env?: Record<string, string>
  /** the built SPA to serve @default the one the global setup built for this run */
  staticDir?: string
  /** how long to wait for the server to print its invitation code @default 30 s */
  startTimeoutMs?: number
}

/** Variables of the caller's environment that would point the server elsewhere than SQLite and the outbox. */
const inheritedButUnwanted =
  /^(DATABASE_URL|SMTP_URL|PROVIDER_|OAUTH_|APP_ORIGIN$|TRUST_PROXY$|ALPHA_|NODE_OPTIONS$)/

const running = new Set<ChildProcess>()
// Last resort when a worker exits without afterAll (a crash, a timeout): never leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

function serverEnvironment(values: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!inheritedButUnwanted.test(key)) env[key] = value
  }
  return { ...env, ...values }
}

/**
 * The real server (`node --import tsx server/main.ts`) as a child process on a free port with a fresh
 * SQLite data folder, the test clock on, bots and rate limits off, serving the SPA built for this run.
 * Resolves once it has printed the first-start invitation code (it is listening by then).
 */
export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  const staticDir = options.staticDir ?? inject('e2eStaticDir')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-e2e-data-'))
  const env = serverEnvironment({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: url,
    ALPHA_DATA_DIR: dataDir,
    ALPHA_STATIC_DIR: staticDir,
    ALPHA_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
    ALPHA_TEST_CLOCK: '1',
    ALPHA_BOTS: '0',
    ALPHA_RATE_LIMITS: '0',
    ALPHA_SCRYPT_LOG_N: '10',
    LOG_LEVEL: 'warn',
    ...options.env,
  })

  let output = ''
  let child!: ChildProcess
  let exited!: Promise<void>
  const spawnServer = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const spawned = child
    running.add(spawned)
    exited = new Promise<void>((resolve) => {
      spawned.once('exit', (code, signal) => {
        running.delete(spawned)
        output += `\n[server exited: ${signal ?? code}]\n`
        resolve()
      })
    })
    // Always drained, also after start: a full pipe would block the server's writes.
    spawned.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    spawned.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
  }
  const isRunning = () => child.exitCode === null && child.signalCode === null
  const terminate = async () => {
    if (!isRunning()) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }
  spawnServer()

  let invitationCode: string
  try {
    invitationCode = await new Promise<string>((resolve, reject) => {
      const timeoutMs = options.startTimeoutMs ?? 30_000
      const timer = setTimeout(
        () => reject(new Error(`the server printed no invitation code within ${timeoutMs} ms`)),
        timeoutMs,
      )
      const onData = () => {
        const match = /Invitation code for the first sign-up: (\S+)/.exec(output)
        if (match?.[1]) {
          clearTimeout(timer)
          child.stdout?.off('data', onData)
          resolve(match[1])
        }
      }
      child.stdout?.on('data', onData)
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error('the server exited during start'))
      })
    })
  } catch (error) {
    if (child.pid !== undefined && isRunning()) {
      child.kill('SIGKILL')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its output:\n${output}`)
  }

  /** Polls /v1/health until the (re)started process answers. */
  async function waitForHealth(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (!isRunning()) throw new Error(`the server exited during restart; its output:\n${output}`)
      try {
        const response = await fetch(`${url}/v1/health`)
        if (response.status === 200) return
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the restarted server did not answer within ${timeoutMs} ms; its output:\n${output}`)
  }

  async function admin(...args: string[]): Promise<string> {
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'server/admin.ts', ...args],
      {
        cwd: repoRoot,
        env,
      },
    )
    return stdout
  }
  async function mintInvitationCodes(count = 1): Promise<string[]> {
    const stdout = await admin('invite', '--count', String(count))
    const codes = stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[0-9A-Z]{4}(-[0-9A-Z]{1,4})+$/.test(line))
    if (codes.length !== count) throw new Error(`admin invite printed ${codes.length} codes:\n${stdout}`)
    return codes
  }
  const unusedCodes = [invitationCode]

  let stopped: Promise<void> | undefined
  return {
    url,
    port,
    dataDir,
    invitationCode,
    output: () => output,
    mintInvitationCodes,
    admin,

    async takeInvitationCode() {
      if (unusedCodes.length === 0) unusedCodes.push(...(await mintInvitationCodes(10)))
      const code = unusedCodes.shift()
      if (!code) throw new Error('no invitation code left')
      return code
    },

    async advanceClock(advanceMs) {
      const response = await fetch(`${url}/v1/test/clock`, {
        method: 'POST',
        // what the SPA sends on every write: the CSRF defence wants both
        headers: { 'content-type': 'application/json', 'x-app-version': 'e2e', origin: url },
        body: JSON.stringify({ advanceMs }),
      })
      const body = (await response.json()) as { now?: number }
      if (response.status !== 200 || typeof body.now !== 'number')
        throw new Error(`POST /v1/test/clock answered ${response.status}: ${JSON.stringify(body)}`)
      return body.now
    },

    outbox() {
      let text: string
      try {
        text = readFileSync(join(dataDir, 'outbox.log'), 'utf8')
      } catch {
        return []
      }
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as OutboxMail)
    },

    async restart(restartOptions = {}) {
      if (stopped) throw new Error('the server was stopped')
      await terminate()
      await restartOptions.whileDown?.()
      spawnServer()
      await waitForHealth(options.startTimeoutMs ?? 30_000)
    },

    stop() {
      stopped ??= (async () => {
        await terminate()
        rmSync(dataDir, { recursive: true, force: true })
      })()
      return stopped
    },
  }
}
