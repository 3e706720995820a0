/**
 * `npm run bench:live-stream`: is the live stream responsive under a busy market? The real server
 * (buildApp, in this process) serves the production build of the SPA; its market is the simulated one
 * with a burst driver on top that pushes 50 messages/s and 200 ticks/s through the realtime channel to
 * a signed-in player on /livestream in Debian's Chromium (playwright-core). For 20 s a
 * PerformanceObserver('longtask') in the page records every main-thread task over 50 ms, and a
 * requestAnimationFrame loop the gaps between frames. Target (issue 6 item 8): longest task under 50 ms,
 * i.e. no long task at all. The figures go to bench/README.md ("### live stream responsiveness").
 *
 * Knobs: BENCH_DIST=<folder> uses a build made before (else vite builds one into a temporary folder),
 * BENCH_SECONDS (20), BENCH_MESSAGES_PER_S (50), BENCH_TICKS_PER_S (200), BENCH_README=0 leaves the
 * README alone, CHROMIUM_PATH. BENCH_TRACE=<file.json> records a Chromium performance trace (timeline
 * and JS sampling) of the measured window through CDP and builds the app unminified, for reading which
 * work makes the long tasks (the figures of such a run are not comparable and go nowhere);
 * BENCH_TRACE_SAMPLING=0 leaves the JS sampling out of it. BENCH_SCREENSHOT=<file.png> keeps a picture of
 * the page at the end.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { buildApp, createContext } from '../../server/app'
import { systemClock } from '../../server/clock'
import { loadConfig } from '../../server/config'
import { printFirstStartInvitation } from '../../server/first-start'
import { avatarPath } from '../../server/market/create-market'
import { messageForSlot } from '../../server/market/messages'
import type { MessageStore } from '../../server/market/messages.repo'
import { SimulatedMarket } from '../../server/market/simulated-market'
import type { MarketSource, Unsubscribe } from '../../server/market/source'
import { instruments } from '../../server/market/universe'
import type { ServerMessage, Tick } from '../../src/api/market'
import { HttpClient } from '../../tests/support/http-client'

const root = fileURLToPath(new URL('../..', import.meta.url))
const readme = join(root, 'bench', 'README.md')
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const messagesPerSecond = Number(process.env.BENCH_MESSAGES_PER_S ?? 50)
const ticksPerSecond = Number(process.env.BENCH_TICKS_PER_S ?? 200)
const warmupMs = 3000
const targetMs = 50
const tracePath = process.env.BENCH_TRACE

/**
 * The simulated market (titles, prices, charts) with a burst driver instead of its own timers: messages
 * built by the simulation's generator with fresh ids and times, ticks round-robin over the universe at
 * the simulated price with a small wobble, both spread evenly over each second.
 */
class BurstMarket implements MarketSource {
  readonly #sim: SimulatedMarket
  readonly #tickListeners = new Set<(tick: Tick) => void>()
  readonly #messageListeners = new Set<(message: ServerMessage) => void>()
  readonly #pool: ServerMessage[]
  #timer?: NodeJS.Timeout
  #started = 0
  messagesSent = 0
  ticksSent = 0

  constructor(sim: SimulatedMarket, pool: ServerMessage[]) {
    this.#sim = sim
    this.#pool = pool
  }

  titles = () => this.#sim.titles()
  title = (id: number) => this.#sim.title(id)
  latestTick = (id: number) => this.#sim.latestTick(id)
  isOpen = () => true
  priceAt = (id: number, at: number) => this.#sim.priceAt(id, at)
  history: MarketSource['history'] = (id, range) => this.#sim.history(id, range)
  fundamentals = (id: number) => this.#sim.fundamentals(id)
  recentMessages = async () => []
  message = async () => undefined
  publishDueMessages = async () => []
  onTick(listener: (tick: Tick) => void): Unsubscribe {
    this.#tickListeners.add(listener)
    return () => this.#tickListeners.delete(listener)
  }
  onMessage(listener: (message: ServerMessage) => void): Unsubscribe {
    this.#messageListeners.add(listener)
    return () => this.#messageListeners.delete(listener)
  }

  start(): void {
    if (this.#timer) return
    this.#started = performance.now()
    const titles = this.#sim.titles()
    this.#timer = setInterval(() => {
      const elapsed = (performance.now() - this.#started) / 1000
      const now = Date.now()
      while (this.messagesSent < Math.floor(elapsed * messagesPerSecond)) {
        const template = this.#pool[this.messagesSent % this.#pool.length] as ServerMessage
        const message = { ...template, message_id: `burst-${this.messagesSent}`, t: Math.floor(now / 1000) }
        this.messagesSent += 1
        for (const listener of this.#messageListeners) listener(message)
      }
      while (this.ticksSent < Math.floor(elapsed * ticksPerSecond)) {
        const title = titles[this.ticksSent % titles.length]
        this.ticksSent += 1
        const base = title && this.#sim.latestTick(title.id)
        if (!base) continue
        const wobble = 1 + (Math.random() - 0.5) * 0.002
        const tick = { ...base, a: base.a * wobble, b: base.b * wobble, l: base.l * wobble, t: now }
        for (const listener of this.#tickListeners) listener(tick)
      }
    }, 10)
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function buildSpa(): Promise<{ dir: string; cleanup: () => void }> {
  const prebuilt = process.env.BENCH_DIST
  if (prebuilt) return { dir: prebuilt, cleanup: () => {} }
  process.chdir(root)
  if (!existsSync(join(root, 'styled-system', 'css'))) {
    const codegen = spawnSync('npx', ['panda', 'codegen'], { cwd: root, stdio: 'inherit' })
    if (codegen.status !== 0) throw new Error('panda codegen failed')
  }
  const dir = mkdtempSync(join(tmpdir(), 'alpha-bench-live-'))
  console.log('building the app (vite.config.ts) ...')
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    // a traced run keeps function names readable
    build: { outDir: dir, emptyOutDir: true, ...(tracePath ? { minify: false } : {}) },
  })
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

interface PageFigures {
  longTasks: number[]
  frameGaps: number[]
  frames: number
  articles: number
}

interface Result extends PageFigures {
  /** shares of the measured time the page's main thread spent in tasks, in script, in style and layout */
  busy: { task: number; script: number; styleLayout: number }
  /** the machine's 1-minute load average at the start and at the end of the window */
  load: number[]
  messagesSent: number
  ticksSent: number
  messageFrames: number
  tickFrames: number
  measuredMs: number
}

async function measure(): Promise<Result> {
  const spa = await buildSpa()
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-bench-live-data-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: url,
    ALPHA_DATA_DIR: dataDir,
    ALPHA_STATIC_DIR: spa.dir,
    ALPHA_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    ALPHA_BOTS: '0',
    ALPHA_RATE_LIMITS: '0',
    ALPHA_SCRYPT_LOG_N: '10',
    LOG_LEVEL: 'warn',
  })
  const sim = new SimulatedMarket({
    clock: systemClock,
    seed: config.marketSeed,
    tickIntervalMs: 1000,
    messageIntervalMs: 20_000,
    // the burst driver makes the messages; the simulation only prices them
    store: {} as MessageStore,
    avatarUrl: (handle) => `${url}${avatarPath(handle)}`,
  })
  const generator = {
    seed: 1,
    instruments,
    intervalMs: 1000,
    avatarUrl: (handle: string) => `${url}${avatarPath(handle)}`,
    priceAt: (instrument: (typeof instruments)[number]) =>
      sim.latestTick(instrument.id)?.l ?? instrument.startPrice,
  }
  const pool = Array.from({ length: 400 }, (_, slot) => messageForSlot(generator, slot + 1))
  const market = new BurstMarket(sim, pool)
  const base = await createContext(config, { market })
  const app = await buildApp(base)
  await app.listen({ port, host: '127.0.0.1' })
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  })
  try {
    const code = await printFirstStartInvitation(base)
    if (!code) throw new Error('no first-start invitation code')
    const client = new HttpClient(url)
    const signUp = await client.post<{ id: number }>('/v1/auth/signup', {
      invitationCode: code,
      email: 'bench@example.test',
      username: 'bench_player',
      password: 'correct horse battery staple',
      acceptTerms: true,
    })
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`)
    await client.patch('/v1/users/me/settings', { isFirstTimeUser: false })

    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: 'Europe/Berlin',
    })
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url })))
    const page = await context.newPage()
    let messageFrames = 0
    let tickFrames = 0
    let counting = false
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (!counting || typeof payload !== 'string') return
        if (payload.startsWith('42["message"')) messageFrames += 1
        else if (payload.startsWith('42["tick"')) tickFrames += 1
      })
    })
    await page.goto(`${url}/livestream`)
    await page.getByRole('heading', { name: 'Live stream', level: 1 }).waitFor({ timeout: 30_000 })
    // the socket is authorized and subscribed once the first ticks could arrive: start the burst
    market.start()
    await page
      .getByRole('feed', { name: 'Live tweets' })
      .getByRole('article')
      .first()
      .waitFor({ timeout: 30_000 })
    await page.waitForTimeout(warmupMs)

    // the observers live in the measured page only (injected here, not part of the app)
    // a string, not a function: tsx would wrap named functions in a helper the page does not have
    await page.evaluate(`(() => {
      const figures = { longTasks: [], frameGaps: [], frames: 0, stop: false }
      window.__bench = figures
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) figures.longTasks.push(entry.duration)
      }).observe({ type: 'longtask' })
      let last = performance.now()
      const frame = (now) => {
        figures.frameGaps.push(now - last)
        figures.frames += 1
        last = now
        if (!figures.stop) requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })()`)
    const trace = tracePath ? await startTrace(page) : undefined
    const metrics = await page.context().newCDPSession(page)
    await metrics.send('Performance.enable')
    const metricsBefore = await mainThreadSeconds(metrics)
    const loadBefore = loadavg()[0] ?? 0
    const sentBefore = { messages: market.messagesSent, ticks: market.ticksSent }
    counting = true
    const started = performance.now()
    await page.waitForTimeout(seconds * 1000)
    counting = false
    const measuredMs = performance.now() - started
    const sentDuring = { messages: market.messagesSent, ticks: market.ticksSent }
    const metricsAfter = await mainThreadSeconds(metrics)
    const loadAfter = loadavg()[0] ?? 0
    const figures = (await page.evaluate(`(() => {
      const bench = window.__bench
      bench.stop = true
      return {
        longTasks: bench.longTasks,
        frameGaps: bench.frameGaps,
        frames: bench.frames,
        articles: document.querySelectorAll('[role=feed] article').length,
      }
    })()`)) as PageFigures
    if (trace && tracePath) await trace.stop(tracePath)
    if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT })
    const busy = (key: keyof typeof metricsAfter) =>
      (metricsAfter[key] - metricsBefore[key]) / (measuredMs / 1000)
    return {
      ...figures,
      busy: { task: busy('task'), script: busy('script'), styleLayout: busy('styleLayout') },
      load: [loadBefore, loadAfter],
      messagesSent: sentDuring.messages - sentBefore.messages,
      ticksSent: sentDuring.ticks - sentBefore.ticks,
      messageFrames,
      tickFrames,
      measuredMs,
    }
  } finally {
    market.stop()
    await browser.close()
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
    spa.cleanup()
  }
}

/** The page's main-thread time so far (CDP Performance metrics, seconds): tasks, script, style and layout. */
async function mainThreadSeconds(cdp: import('playwright-core').CDPSession) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[]
  }
  const of = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0
  return {
    task: of('TaskDuration'),
    script: of('ScriptDuration'),
    styleLayout: of('RecalcStyleDuration') + of('LayoutDuration'),
  }
}

const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
].join(',')

/**
 * Starts a CDP trace of the page and a sampling heap profile (what allocates, hence what makes the
 * young-generation collections); `stop` writes both, DevTools-readable (`.json`, `.heapprofile`).
 */
async function startTrace(page: import('playwright-core').Page) {
  const cdp = await page.context().newCDPSession(page)
  const events: unknown[] = []
  cdp.on('Tracing.dataCollected', ({ value }) => {
    events.push(...value)
  })
  // BENCH_TRACE_SAMPLING=0: the timeline alone (JS sampling slows the page down)
  const categories =
    process.env.BENCH_TRACE_SAMPLING === '0'
      ? traceCategories.replace(',disabled-by-default-v8.cpu_profiler', '')
      : traceCategories
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' })
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  })
  return {
    async stop(file: string) {
      const { profile } = await cdp.send('HeapProfiler.stopSampling')
      writeFileSync(file.replace(/(\.json)?$/, '.heapprofile'), JSON.stringify(profile))
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
      await cdp.send('Tracing.end')
      await done
      writeFileSync(file, JSON.stringify({ traceEvents: events }))
      console.log(`trace: ${events.length} events in ${file}`)
    },
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0
}

const percent = (share: number) => `${(share * 100).toFixed(0)} %`

function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim()
  } catch {
    return 'unknown'
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath, ['--version']).toString().trim()
  } catch {
    return 'Chromium'
  }
}

const start = '<!-- bench:live-stream:start (written by npm run bench:live-stream) -->'
const end = '<!-- bench:live-stream:end -->'

function report(result: Result): string {
  const s = result.measuredMs / 1000
  const longest = Math.max(0, ...result.longTasks)
  const blocking = result.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ')
  const met = longest < targetMs
  return [
    start,
    `Run ${when} UTC of ${commitOf()}: ${chromiumVersion()} headless, node ${process.version}, ${cpus().length} cores (server, driver and browser on the same machine; load average ${result.load.map((value) => value.toFixed(1)).join(' at the start, ')} at the end), ${s.toFixed(1)} s measured after ${warmupMs / 1000} s of warm-up on /livestream at 1440 px.`,
    '',
    '| figure | value | target | met |',
    '|---|---|---|---|',
    `| longest main-thread task | **${longest.toFixed(0)} ms**${result.longTasks.length === 0 ? ' (no task over 50 ms)' : ''} | < ${targetMs} ms | ${met ? 'yes' : '**no**'} |`,
    `| long tasks (over 50 ms) | ${result.longTasks.length} (total blocking time ${blocking.toFixed(0)} ms) | — | — |`,
    `| messages pushed / received by the page | ${(result.messagesSent / s).toFixed(1)}/s / ${(result.messageFrames / s).toFixed(1)}/s | 50/s | — |`,
    `| ticks pushed / received by the page | ${(result.ticksSent / s).toFixed(1)}/s / ${(result.tickFrames / s).toFixed(1)}/s | 200/s | — |`,
    `| frames | ${(result.frames / s).toFixed(1)}/s; gap p50 ${percentile(result.frameGaps, 0.5).toFixed(1)} ms, p99 ${percentile(result.frameGaps, 0.99).toFixed(1)} ms, max ${Math.max(0, ...result.frameGaps).toFixed(1)} ms | — | — |`,
    `| page main thread busy (CDP Performance metrics) | ${percent(result.busy.task)} of the time (script ${percent(result.busy.script)}, style and layout ${percent(result.busy.styleLayout)}) | — | — |`,
    `| messages shown in the feed at the end | ${result.articles} | ≤ 100 | — |`,
    end,
  ].join('\n')
}

/** Writes the figures into the "### live stream responsiveness" subsection of "## client". */
function writeReadme(block: string): void {
  let text = readFileSync(readme, 'utf8')
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length)
  } else {
    const heading = '### live stream responsiveness'
    const section = [
      heading,
      '',
      '`npm run bench:live-stream` (`bench/client/live-stream.ts`; about a minute with the build) runs the',
      'server in its process with the simulated market and a burst driver on top (50 messages/s and 200',
      'ticks/s, evenly spread, through the realtime channel) and a signed-in player on /livestream in',
      "Debian's Chromium. For 20 s after a warm-up a `PerformanceObserver('longtask')` records every",
      'main-thread task over 50 ms and a requestAnimationFrame loop the frame gaps. Target (issue 6): the',
      'longest task under 50 ms. The block below is rewritten by every run (`BENCH_README=0` leaves it alone).',
      '',
      block,
      '',
    ].join('\n')
    const client = text.indexOf('## client')
    const next = client < 0 ? -1 : text.indexOf('\n## ', client + 1)
    text =
      next < 0
        ? `${text.trimEnd()}\n\n${section}`
        : `${text.slice(0, next + 1)}${section}\n${text.slice(next + 1)}`
  }
  writeFileSync(readme, text)
}

const result = await measure()
const block = report(result)
console.log(block)
if (process.env.BENCH_README !== '0' && !tracePath) writeReadme(block)
process.exit(0)
