import { runLoad } from './load'
import { waitForQuiet } from './machine'
import { sessionTokenOf } from './protocol'
import { combine, measured, median, type Slice, type Slices } from './rounds'
import { type ServerProcess, startServer } from './server-process'

export interface StateFigures {
  bytes: number
  shape: string
  app: Slices
  bare: Slices
  /** ours / bare req/s of each round */
  ratios: number[]
  busyBefore?: number
}

const connections = 200
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

async function fetchState(port: number, headers: Record<string, string>): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
  const body = await answer.text()
  if (answer.status !== 200) throw new Error(`state answered ${answer.status}: ${body.slice(0, 300)}`)
  return body
}

/**
 * `GET /v1/stockgame/state` with one seeded player's cookie on 200 connections against the app (job
 * runner on) and against a bare Fastify route answering the same bytes, each server alone in a child
 * process. Both run side by side and are loaded in turns (`rounds` slices each, the order alternating),
 * so drift in what else the machine does touches both alike; the ratio is the median of the rounds'.
 */
export async function stateScenario(dataDir: string, seconds: number, rounds: number): Promise<StateFigures> {
  const headers = { cookie: `alpha_session=${sessionTokenOf(1)}`, accept: 'application/json' }
  const servers: ServerProcess[] = []
  try {
    const app = await startServer({
      type: 'start',
      mode: 'app',
      dataDir,
      jobs: process.env.BENCH_JOBS !== '0',
    })
    servers.push(app)
    const body = await fetchState(app.port, headers)
    console.log(`state: ${Buffer.byteLength(body)} bytes: ${describe(body)}`)
    const bare = await startServer({ type: 'start', mode: 'bare', dataDir, body, jobs: false })
    servers.push(bare)
    if ((await fetchState(bare.port, headers)) !== body)
      throw new Error('the bare server answers other bytes')

    const busyBefore = await waitForQuiet('state')
    const load = (server: ServerProcess, slice: number) => () =>
      runLoad({ port: server.port, connections, seconds: slice, path, headers })
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
      bytes: Buffer.byteLength(body),
      shape: describe(body),
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
