import { type LoadResult, runLoad } from './load'
import { sessionTokenOf } from './protocol'
import { type ServerProcess, type ServerUsage, startServer } from './server-process'

export interface StateFigures {
  bytes: number
  shape: string
  app: LoadResult & ServerUsage
  bare: LoadResult & ServerUsage
}

const connections = 200
const warmupSeconds = 3

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

/** Warm-up (JIT, caches), then the measured run with the server's CPU over it. */
async function measure(
  server: ServerProcess,
  seconds: number,
  headers: Record<string, string>,
  label: string,
) {
  const { port } = server
  await runLoad({ port, connections, seconds: warmupSeconds, path: '/v1/stockgame/state', headers })
  const mark = await server.stats()
  const load = await runLoad({ port, connections, seconds, path: '/v1/stockgame/state', headers })
  const usage = await server.usageSince(mark, load.seconds)
  if (load.failed > 0) console.warn(`${label}: ${load.failed} failed requests, first: ${load.firstFailure}`)
  return { ...load, ...usage }
}

/**
 * `GET /v1/stockgame/state` with one seeded player's cookie on 200 connections against the app, then the
 * same bytes from a bare Fastify route, each server alone in a child process.
 */
export async function stateScenario(dataDir: string, seconds: number): Promise<StateFigures> {
  const headers = { cookie: `alpha_session=${sessionTokenOf(1)}`, accept: 'application/json' }
  const app = await startServer({ type: 'start', mode: 'app', dataDir, jobs: process.env.BENCH_JOBS !== '0' })
  let body: string
  let appFigures: StateFigures['app']
  try {
    const answer = await fetch(`http://127.0.0.1:${app.port}/v1/stockgame/state`, { headers })
    body = await answer.text()
    if (answer.status !== 200) throw new Error(`state answered ${answer.status}: ${body.slice(0, 300)}`)
    console.log(`state: ${Buffer.byteLength(body)} bytes: ${describe(body)}`)
    appFigures = await measure(app, seconds, headers, 'app')
  } finally {
    await app.stop()
  }
  const bare = await startServer({ type: 'start', mode: 'bare', dataDir, body, jobs: false })
  try {
    const check = await (await fetch(`http://127.0.0.1:${bare.port}/v1/stockgame/state`, { headers })).text()
    if (check !== body) throw new Error('the bare server answers other bytes')
    const bareFigures = await measure(bare, seconds, headers, 'bare')
    return { bytes: Buffer.byteLength(body), shape: describe(body), app: appFigures, bare: bareFigures }
  } finally {
    await bare.stop()
  }
}
