import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { runLoad } from './load'
import { waitForQuiet } from './machine'
import { messageTitles } from './market'
import { sessionTokenOf } from './protocol'
import { combine, measured, type Slice, type Slices } from './rounds'
import { walletOf } from './seed'
import { startServer } from './server-process'

export interface WriteFixtures {
  players: number
  /** ids of the polls open for bets */
  pollIds: number[]
  /** messages w0..w(messageCount - 1) are in the market */
  messageCount: number
  titleIds: number[]
}

export interface WriteFigures {
  tag: WriteKind
  vote: WriteKind
  /** share of the machine's CPU other work used just before */
  busyBefore?: number
}

/** One kind of write: its HTTP slices, the raw runs around them, and each slice against its raws. */
export interface WriteKind extends Slices {
  /** raw transactions per second: before the first slice, between slices, after the last */
  raw: number[]
  /** each slice's writes/s over the mean of the raw runs just before and after it */
  ratios: number[]
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
 * new (player, message, title), each player always on one side, so each is a prediction stored, never a
 * 409.
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
      // one side per player: a player never calls a title both ways (the fair-play rule would refuse it)
      body: JSON.stringify({ userId, titleId, messageId, trend: userId % 2 === 0 ? 'Up' : 'Down' }),
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
 * beside raw transactions on the same file. The disk's commit rate drifts a lot on a shared machine, so
 * each kind runs in `rounds` slices with a raw run before, between and after them; each slice is set
 * against the mean of the raw runs on either side, and the ratio is the median of those.
 */
export async function writesScenario(
  dataDir: string,
  fixtures: WriteFixtures,
  seconds: number,
  rawSeconds: number,
  rounds: number,
): Promise<WriteFigures> {
  const busyBefore = await waitForQuiet('writes')
  const app = await startServer({ type: 'start', mode: 'app', dataDir, jobs: process.env.BENCH_JOBS !== '0' })
  const kind = async (label: string, next: ReturnType<typeof tagRequests>): Promise<WriteKind> => {
    const load = (slice: number) => () =>
      runLoad({ port: app.port, connections, method: 'POST', path: '/', next, seconds: slice })
    await load(warmupSeconds)()
    const raw = [rawTransactionsPerSecond(dataDir, rawSeconds, fixtures.players)]
    const slices: Slice[] = []
    for (let round = 0; round < rounds; round += 1) {
      slices.push(await measured(app, load(seconds / rounds)))
      raw.push(rawTransactionsPerSecond(dataDir, rawSeconds, fixtures.players))
    }
    const failed = slices.find((s) => s.failed > 0)
    if (failed) console.warn(`${label}: ${failed.failed} failed requests, first: ${failed.firstFailure}`)
    const ratios = slices.map((s, k) => s.perSecond / (((raw[k] as number) + (raw[k + 1] as number)) / 2))
    return { ...combine(slices), raw, ratios }
  }
  try {
    const tag = await kind('tag', tagRequests(fixtures))
    const vote = await kind('vote', voteRequests(fixtures))
    return { tag, vote, busyBefore }
  } finally {
    await app.stop()
  }
}
