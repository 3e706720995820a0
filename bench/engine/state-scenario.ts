import { get } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { type LoadOptions, type LoadResult, runLoad } from './load'
import { waitForQuiet } from './machine'
import { sessionTokenOf } from './protocol'
import { combine, measured, median, type Slice, type Slices } from './rounds'
import { type ServerProcess, startServer } from './server-process'
import { runWrkLoad, wrkAvailable } from './wrk-load'

export interface StateFigures {
  /** the JSON's size */
  bytes: number
  /** what went over the wire, and its encoding */
  sentBytes: number
  contentEncoding?: string
  shape: string
  app: Slices
  bare: Slices
  /** ours / bare req/s of each round */
  ratios: number[]
  busyBefore?: number
}

const connections = 200

/**
 * The read load's generator: autocannon, or wrk with BENCH_LOAD_GENERATOR=wrk (`apt-get install -y wrk`),
 * which saturates the servers instead of itself (see wrk-load.ts).
 */
export function stateLoadGenerator(): 'wrk' | 'autocannon' {
  if (process.env.BENCH_LOAD_GENERATOR !== 'wrk') return 'autocannon'
  if (wrkAvailable()) return 'wrk'
  throw new Error('BENCH_LOAD_GENERATOR=wrk: wrk is not installed (apt-get install -y wrk)')
}
const warmupSeconds = 3
const path = '/v1/stockgame/state'

/** What the answer holds, to show the seeded game is not trivial. */
function describe(body: string): string {
  const state = JSON.parse(body) as {
    users: unknown[]
    polls: unknown[]
    rankings: Record<string, Record<string, unknown[]>>
    chronic: unknown[]
    publicGroups: unknown[]
  }
  const rankingRows = Object.values(state.rankings).flatMap((periods) =>
    Object.values(periods).map((r) => r.length),
  )
  return `${state.users.length} users, ${state.polls.length} polls, ranking rows ${rankingRows.join('/')}, ${state.chronic.length} chronic elements, ${state.publicGroups.length} public groups`
}

/** Headers Node writes itself for every answer: not replayed. */
const ownHeaders = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])

interface RawAnswer {
  /** the bytes as sent */
  bytes: Buffer
  contentEncoding?: string
  /** the answer's headers but Node's own, to replay */
  headers: Record<string, string>
  /** the JSON text they carry */
  json: string
}

/** The state as sent (fetch would unzip it), to have the bare server send the very same bytes. */
function fetchState(port: number, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('error', reject)
      answer.on('end', () => {
        const bytes = Buffer.concat(chunks)
        const contentEncoding = answer.headers['content-encoding']
        const sent = Object.entries(answer.headers).filter(([name]) => !ownHeaders.has(name))
        const replayed = Object.fromEntries(sent.map(([name, value]) => [name, String(value)]))
        const json = (contentEncoding === 'gzip' ? gunzipSync(bytes) : bytes).toString()
        if (answer.statusCode !== 200)
          reject(new Error(`state answered ${answer.statusCode}: ${json.slice(0, 300)}`))
        else resolve({ bytes, contentEncoding, headers: replayed, json })
      })
    }).on('error', reject)
  })
}

/**
 * `GET /v1/stockgame/state` with one seeded player's cookie on 200 connections against the app (job
 * runner on) and against a bare Fastify route answering the same bytes, each server alone in a child
 * process. Both run side by side and are loaded in turns (`rounds` slices each, the order alternating),
 * so drift in what else the machine does touches both alike; the ratio is the median of the rounds'.
 */
export async function stateScenario(
  dataDir: string,
  seconds: number,
  rounds: number,
  generator: 'wrk' | 'autocannon',
): Promise<StateFigures> {
  // as the SPA's fetch in Chromium sends them
  const headers = {
    cookie: `alpha_session=${sessionTokenOf(1)}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  }
  const servers: ServerProcess[] = []
  try {
    const app = await startServer({
      type: 'start',
      mode: 'app',
      dataDir,
      jobs: process.env.BENCH_JOBS !== '0',
    })
    servers.push(app)
    const answer = await fetchState(app.port, headers)
    console.log(
      `state: ${answer.bytes.length} bytes sent (${answer.contentEncoding ?? 'identity'}), ${Buffer.byteLength(answer.json)} bytes of JSON: ${describe(answer.json)}`,
    )
    const bare = await startServer({
      type: 'start',
      mode: 'bare',
      dataDir,
      body: answer.bytes.toString('base64'),
      headers: answer.headers,
      jobs: false,
    })
    servers.push(bare)
    const bareAnswer = await fetchState(bare.port, headers)
    if (
      !bareAnswer.bytes.equals(answer.bytes) ||
      JSON.stringify(bareAnswer.headers) !== JSON.stringify(answer.headers)
    )
      throw new Error(
        `the bare server answers other bytes or headers: ${JSON.stringify(bareAnswer.headers)} against ${JSON.stringify(answer.headers)}`,
      )

    const busyBefore = await waitForQuiet('state')
    const generate: (options: LoadOptions) => Promise<LoadResult> = generator === 'wrk' ? runWrkLoad : runLoad
    const load = (server: ServerProcess, slice: number) => () =>
      generate({ port: server.port, connections, seconds: slice, path, headers })
    for (const server of [app, bare]) await load(server, warmupSeconds)()
    const ours: Slice[] = []
    const theirs: Slice[] = []
    const slice = seconds / rounds
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ([app, bare] as const) : ([bare, app] as const)
      for (const server of order)
        (server === app ? ours : theirs).push(await measured(server, load(server, slice)))
    }
    for (const [label, slices] of [
      ['app', ours],
      ['bare', theirs],
    ] as const) {
      const failed = slices.find((s) => s.failed > 0)
      if (failed)
        console.warn(`state ${label}: ${failed.failed} failed requests, first: ${failed.firstFailure}`)
    }
    return {
      bytes: Buffer.byteLength(answer.json),
      sentBytes: answer.bytes.length,
      contentEncoding: answer.contentEncoding,
      shape: describe(answer.json),
      app: combine(ours),
      bare: combine(theirs),
      ratios: ours.map((s, k) => s.perSecond / (theirs[k] as Slice).perSecond),
      busyBefore,
    }
  } finally {
    for (const server of servers) await server.stop()
  }
}

export const stateRatio = (figures: StateFigures) => median(figures.ratios)
