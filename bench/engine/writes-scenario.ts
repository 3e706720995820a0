import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { type LoadResult, runLoad } from './load'
import { messageTitles } from './market'
import { sessionTokenOf } from './protocol'
import { walletOf } from './seed'
import { type ServerUsage, startServer } from './server-process'

export interface WriteFixtures {
  players: number
  /** ids of the polls open for bets */
  pollIds: number[]
  /** messages w0..w(messageCount - 1) are in the market */
  messageCount: number
  titleIds: number[]
}

export interface WriteFigures {
  /** raw transactions per second, measured before, between and after the two HTTP runs */
  raw: [number, number, number]
  tag: LoadResult & ServerUsage
  vote: LoadResult & ServerUsage
}

const connections = 50
const warmupSeconds = 2

/**
 * The baseline: one-row write transactions on the same database file and at the same durability as the
 * app (WAL, synchronous=FULL, BEGIN IMMEDIATE), in a tight loop in this process: a ledger row in, a
 * balance up, commit. What the disk's commit (fsync) rate allows, with no HTTP and no engine around it.
 */
export function rawTransactionsPerSecond(dataDir: string, seconds: number, players: number): number {
  const db = new SQLite(join(dataDir, 'alpha.sqlite'))
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('busy_timeout = 5000')
    const begin = db.prepare('begin immediate')
    const commit = db.prepare('commit')
    const insert = db.prepare(
      `insert into ledger (wallet_address, type, amount, reference, created_at) values (?, 'reward', 1, 'bench-raw', ?)`,
    )
    const update = db.prepare('update wallets set balance = balance + 1 where address = ?')
    const started = performance.now()
    let done = 0
    while (performance.now() - started < seconds * 1000) {
      const wallet = walletOf(1 + (done % players))
      begin.run()
      insert.run(wallet, Date.now())
      update.run(wallet)
      commit.run()
      done += 1
    }
    return done / ((performance.now() - started) / 1000)
  } finally {
    db.close()
  }
}

function headersOf(userId: number, key: string): Record<string, string> {
  return {
    cookie: `alpha_session=${sessionTokenOf(userId)}`,
    'content-type': 'application/json',
    'x-app-version': 'bench',
    // the SPA sends one with every tag and vote (retries replay the first answer)
    'idempotency-key': key,
  }
}

/**
 * Request i tags message w(k) on one of its two titles for player 1 + i % players: every request is a
 * new (player, message, title), so each is a prediction stored, never a 409.
 */
function tagRequests(fixtures: WriteFixtures) {
  let i = 0
  return () => {
    const n = i++
    const userId = 1 + (n % fixtures.players)
    const k = Math.floor(n / fixtures.players) % fixtures.messageCount
    const titleId = messageTitles(k, fixtures.titleIds)[
      Math.floor(n / (fixtures.players * fixtures.messageCount)) % 2
    ]
    const messageId = `w${k}`
    return {
      path: `/v1/stockgame/tagged-messages/${messageId}/tag`,
      body: JSON.stringify({ userId, titleId, messageId, trend: n % 2 === 0 ? 'Up' : 'Down' }),
      headers: headersOf(userId, `tag-${n}`),
    }
  }
}

/** Request i bets 1 TTC for player 1 + i % players on a poll the player has not bet on yet. */
function voteRequests(fixtures: WriteFixtures) {
  let i = 0
  return () => {
    const n = i++
    const userId = 1 + (n % fixtures.players)
    const pollId = fixtures.pollIds[Math.floor(n / fixtures.players) % fixtures.pollIds.length] as number
    return {
      path: `/v1/stockgame/polls/${pollId}/vote`,
      body: JSON.stringify({ pollId, userId, vote: ['up', 'flat', 'down'][n % 3], ttcBet: 1 }),
      headers: headersOf(userId, `vote-${n}`),
    }
  }
}

/**
 * Tags and votes through HTTP (many players, 50 connections) against the app with its job runner on,
 * beside raw transactions on the same file measured right before, between and after them (the disk's
 * fsync rate drifts, so each HTTP run is set against the mean of the raw runs around it).
 */
export async function writesScenario(
  dataDir: string,
  fixtures: WriteFixtures,
  seconds: number,
  rawSeconds: number,
): Promise<WriteFigures> {
  const app = await startServer({ type: 'start', mode: 'app', dataDir, jobs: process.env.BENCH_JOBS !== '0' })
  const run = async (label: string, next: ReturnType<typeof tagRequests>) => {
    const base = { port: app.port, connections, method: 'POST' as const, path: '/', next }
    await runLoad({ ...base, seconds: warmupSeconds })
    const mark = await app.stats()
    const load = await runLoad({ ...base, seconds })
    const usage = await app.usageSince(mark, load.seconds)
    if (load.failed > 0) console.warn(`${label}: ${load.failed} failed requests, first: ${load.firstFailure}`)
    return { ...load, ...usage }
  }
  try {
    const before = rawTransactionsPerSecond(dataDir, rawSeconds, fixtures.players)
    const tag = await run('tag', tagRequests(fixtures))
    const between = rawTransactionsPerSecond(dataDir, rawSeconds, fixtures.players)
    const vote = await run('vote', voteRequests(fixtures))
    const after = rawTransactionsPerSecond(dataDir, rawSeconds, fixtures.players)
    return { raw: [before, between, after], tag, vote }
  } finally {
    await app.stop()
  }
}
