import { createHash } from 'node:crypto'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { StateBody } from '../../server/game/state-body'
import { etagOf } from '../../server/http/etag'
import { answerGzipLevel, gzipOnce } from '../../server/http/gzip-answer'
import { percentText, waitForQuiet } from '../engine/machine'

/**
 * bench/state-encoding: what the state route spends per answer it builds on its encoding (ETag and
 * gzip), the way it does it (`StateBody`: the head shared by a group's answers compressed and digested
 * once per head, the caller's tail per answer) beside the baseline of the same run, the whole answer
 * as one text, digested and gzipped per answer (what the route did before). Under load nearly every
 * state call builds an answer (bench:load), and a group's shared part is rebuilt at most 20 times a
 * second, so BENCH_ANSWERS_PER_HEAD (12: 250 state calls a second at 2,500 players) answers share a
 * head. The answers are shaped like bench:load's: 110 players, 3 rankings of 20 rows, 50 chronic
 * elements, 50 polls with the caller's bets. CPU per answer from process.cpuUsage (zlib's thread pool
 * included), in BENCH_ROUNDS (5) alternating rounds of BENCH_ANSWERS (3,000) each, after a warm-up.
 */
const answersPerRound = Number(process.env.BENCH_ANSWERS ?? 3000)
const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
const answersPerHead = Number(process.env.BENCH_ANSWERS_PER_HEAD ?? 12)
const gzipAsync = promisify(gzip)

const words = ['breakout', 'earnings', 'guidance', 'beat', 'miss', 'support', 'resistance', 'volume', 'short']
const text = (n: number) =>
  Array.from({ length: 10 + (n % 12) }, (_, i) => words[(i * 7 + n) % words.length]).join(' ')
const at = 1_795_700_000_000

function headText(version: number): string {
  const users = Array.from({ length: 110 }, (_, i) => ({
    id: 1000 + i,
    username: `player${i * 37}`,
    avatarUrl: null,
    ttc: 1234.5 + i + version,
    score: i * 3.25,
    rank: i + 1,
    trophies: { gold: i % 3, silver: i % 2, bronze: 0 },
    createdAt: at + i * 1000,
  }))
  const rows = (from: number) =>
    Array.from({ length: 20 }, (_, i) => ({ userId: from + i, score: 100 - i + version, rank: i + 1 }))
  const rankings = { 1000: { this_week: rows(1000), last_week: rows(1020), all_time: rows(1040) } }
  const chronic = Array.from({ length: 50 }, (_, i) => ({
    type: 'UserPrediction',
    createdAt: at + (i + version) * 997,
    data: {
      userId: 1000 + (i % 90),
      titleId: i % 93,
      messageId: `m${i * 7919}`,
      trend: i % 2 ? 'up' : 'down',
      text: text(i),
    },
  }))
  return `{"users":${JSON.stringify(users)},"rankings":${JSON.stringify(rankings)},"chronic":${JSON.stringify(chronic)},`
}

const pollHeads = Array.from({ length: 50 }, (_, i) =>
  JSON.stringify({
    pollId: 500 + i,
    titleId: i % 93,
    title: `Title ${i}`,
    priceBase: 100 + i * 1.7,
    startTime: at + i,
    endTime: at + 3_600_000 + i,
    evalTime: at + 7_200_000 + i,
    betsUp: i * 3,
    betsDown: i * 2,
    betsFlat: i,
    ttcBetUp: i * 30,
    ttcBetDown: i * 20,
    ttcBetFlat: i * 10,
    ttcBetTotal: i * 60,
    outcome: null,
  }).slice(0, -1),
)

function tailText(caller: number): string {
  const polls = pollHeads.map((head, i) => {
    const votes =
      i % 5 === caller % 5
        ? [{ pollId: 500 + i, userId: caller, vote: 'up', ttcBet: 10, createdAt: at, payout: null }]
        : []
    return `${head},"phase":"open","votes":${JSON.stringify(votes)}}`
  })
  return `"polls":[${polls.join(',')}],"publicGroups":[]}`
}

/** The baseline: the answer as one text, digested and gzipped per answer. */
async function wholeAnswer(head: string, tail: string): Promise<number> {
  const body = Buffer.from(head + tail)
  createHash('sha256').update(body).digest('base64url')
  return (await gzipAsync(body, { level: answerGzipLevel })).length
}

/** The route's way: one head Buffer per shared part, the tail per answer. */
async function splitAnswer(head: Buffer, tail: string): Promise<number> {
  const body: StateBody = { head, tail: Buffer.from(tail) }
  etagOf(body)
  return gzipOnce(body).length
}

async function round(kind: 'whole' | 'split', count: number): Promise<{ cpuUs: number; bytes: number }> {
  let headString = ''
  let headBytes = Buffer.alloc(0)
  let bytes = 0
  const before = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    // a rebuilt shared part: a new head (a new object, new text) every answersPerHead answers
    if (i % answersPerHead === 0) {
      headString = headText(i)
      headBytes = Buffer.from(headString)
    }
    bytes +=
      kind === 'whole'
        ? await wholeAnswer(headString, tailText(i))
        : await splitAnswer(headBytes, tailText(i))
  }
  const used = process.cpuUsage(before)
  return { cpuUs: (used.user + used.system) / count, bytes: bytes / count }
}

const busy = await waitForQuiet('bench:state-encoding')
await round('whole', 500)
await round('split', 500)
const results: Record<'whole' | 'split', { cpuUs: number; bytes: number }[]> = { whole: [], split: [] }
for (let r = 0; r < rounds; r++)
  for (const kind of r % 2 === 0 ? (['whole', 'split'] as const) : (['split', 'whole'] as const))
    results[kind].push(await round(kind, answersPerRound))
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
const whole = median(results.whole.map((r) => r.cpuUs))
const split = median(results.split.map((r) => r.cpuUs))
console.log(
  `bench:state-encoding ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: machine ${percentText(busy)} busy before, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}; ${rounds} rounds of ${answersPerRound} answers, ${answersPerHead} per head`,
)
console.log(`| encoding | CPU per answer (median of rounds) | per round | gzip bytes |`)
console.log(`|---|---|---|---|`)
for (const [kind, label] of [
  ['whole', 'whole answer per answer (baseline)'],
  ['split', 'shared head once, tail per answer'],
] as const)
  console.log(
    `| ${label} | ${Math.round(kind === 'whole' ? whole : split)} µs | ${results[kind].map((r) => Math.round(r.cpuUs)).join(', ')} µs | ${Math.round(results[kind][0]?.bytes ?? 0)} |`,
  )
console.log(`ratio split / whole: ${(split / whole).toFixed(2)}×`)
