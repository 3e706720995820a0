import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../server/config'
import { connectDatabase } from '../../server/db/connect'
import { migrateToLatest } from '../../server/db/migrate'
import { foldRankingDays } from '../../server/game/ranking-days'
import { evaluatePostgres, evaluateSqlite, postgresReachable } from './evaluate-scenario'
import { EngineMarket } from './market'
import { figuresMarkdown, type RunFigures, writeReadme } from './report'
import { seedGame, seedWriteFixtures, tradingTitleIds } from './seed'
import { compileServer, serverFlags } from './server-process'
import { watchSlowStatements } from './slow-sql'
import { stateLoadGenerator, stateScenario } from './state-scenario'
import { writesScenario } from './writes-scenario'

/**
 * bench/engine: the game engine beside baselines measured in the same run (machines are noisy, so only
 * ratios carry over): (1) `GET /v1/stockgame/state` of a seeded week-old game against a bare Fastify
 * route answering the same bytes, (2) tag and vote writes through HTTP against raw one-row SQLite
 * transactions on the same file, (3) evaluateDuePredictions over a million due predictions against one
 * raw UPDATE, on SQLite and (smaller) PostgreSQL. Servers run alone in a child process on 127.0.0.1; the
 * load (autocannon) runs here. Figures go to bench/README.md, section "engine".
 *
 * BENCH_SCENARIOS=state,writes,evaluate picks scenarios; BENCH_SECONDS (15) is the state load per
 * server in BENCH_ROUNDS (3) slices, BENCH_WRITE_SECONDS (12) each write load in BENCH_WRITE_ROUNDS
 * (6) slices with a raw write run of BENCH_RAW_SECONDS (1) before, between and after them;
 * BENCH_EVAL_N (1,000,000) and BENCH_PG_EVAL_N (200,000; 0 skips PostgreSQL) the backlogs;
 * BENCH_README=0 leaves the README alone; BENCH_JOBS=0 turns the server's job runner off;
 * BENCH_LOAD_GENERATOR=wrk loads the state with wrk instead of autocannon (diagnosis: wrk-load.ts);
 * BENCH_SERVER_NODE_OPTIONS (replaces npm start's node flags), BENCH_SLOW_SQL_MS=n (the server's statements, and the
 * evaluation's in this process) and BENCH_WRITE_STATS=1 (writes per group commit) diagnose.
 */

const scenarios = new Set((process.env.BENCH_SCENARIOS ?? 'state,writes,evaluate').split(','))
const stateSeconds = Number(process.env.BENCH_SECONDS ?? 15)
const writeSeconds = Number(process.env.BENCH_WRITE_SECONDS ?? 12)
const rawSeconds = Number(process.env.BENCH_RAW_SECONDS ?? 1)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const writeRounds = Number(process.env.BENCH_WRITE_ROUNDS ?? 6)
const evalCount = Number(process.env.BENCH_EVAL_N ?? 1_000_000)
const pgEvalCount = Number(process.env.BENCH_PG_EVAL_N ?? 200_000)
const players = 1000
/**
 * Open polls for the vote load: every bet is a new (player, poll) pair, so there must be more pairs than
 * bets. Sized for 30,000 bets/s over the warm-up and the slices (a fast machine did 8,000/s and ran out
 * of the 100,000 pairs of 100 polls).
 */
const writePolls = Math.ceil((30_000 * (writeSeconds + 2)) / players)
const writeMessages = 2000
const readme = new URL('../README.md', import.meta.url).pathname
/** The zone the bench's servers run in (ALPHA_TIME_ZONE's default): ranking days are cut in it. */
const defaultTimeZone = loadConfig({
  ALPHA_SECRET: 'benchmark-secret-that-is-at-least-32-characters',
}).timeZone
const n0 = (value: number) => Math.round(value).toLocaleString('en-US')

/** The commit measured, and whether server/ or src/ had uncommitted changes then. */
function revision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server', 'src'], {
      encoding: 'utf8',
    }).trim()
    return dirty ? `${head} with uncommitted changes in server/ or src/` : head
  } catch {
    return 'unknown revision'
  }
}

function machine(build: string, generator: string): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  return `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC of ${revision()}: node ${process.version}, nproc ${availableParallelism()} (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadavg()[0]?.toFixed(2)} at start, server ${build} and run with ${serverFlags}, load generators on the same cores: ${generator}.`
}

/** The week-old game, seeded once; each scenario that writes gets a copy of the file. */
async function seedGameDir(dir: string): Promise<void> {
  const started = performance.now()
  const db = connectDatabase({ dataDir: dir })
  try {
    await migrateToLatest(db)
    const now = Date.now()
    const seeded = await seedGame(db, new EngineMarket(), now, players)
    // a game that has been running: its decided week is folded into ranking_days, as the job did
    await foldRankingDays({ db, config: { timeZone: defaultTimeZone } }, now)
    console.log(
      `seeded game: ${seeded.players} players, ${seeded.polls} polls, ${seeded.predictions} predictions, ${seeded.votes} bets, ${seeded.ledgerRows} ledger rows, ${seeded.groups} groups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  } finally {
    await db.destroy()
  }
}

function copyDir(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  copyFileSync(join(from, 'alpha.sqlite'), join(to, 'alpha.sqlite'))
}

async function main(): Promise<boolean> {
  const root = mkdtempSync(join(tmpdir(), 'alpha-bench-engine-'))
  const cleanUp = () => rmSync(root, { recursive: true, force: true })
  process.on('exit', cleanUp)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))
  const started = performance.now()
  const generator = stateLoadGenerator()
  const generators =
    generator === 'wrk'
      ? 'wrk (one thread) for the state, autocannon in the parent process for the writes'
      : 'autocannon in the parent process'
  const figures: RunFigures = {
    machine: machine(await compileServer(), generators),
    evaluations: [],
    notes: [],
  }
  console.log(figures.machine)

  let failed = false
  /** A scenario that fails is reported and the others still run. */
  const attempt = async (name: string, scenario: () => Promise<void>) => {
    try {
      await scenario()
    } catch (error) {
      failed = true
      console.error(`${name} failed:`, error)
      figures.notes.push(`${name} failed: ${String(error).slice(0, 300)}`)
    }
  }

  const game = join(root, 'game')
  if (scenarios.has('state') || scenarios.has('writes')) await seedGameDir(game)
  if (scenarios.has('state')) {
    await attempt('state', async () => {
      const state = join(root, 'state')
      copyDir(game, state)
      figures.state = await stateScenario(state, stateSeconds, rounds, generator)
      const { app, bare } = figures.state
      console.log(
        `state: ours ${n0(app.perSecond)} req/s p99 ${app.p99} ms, bare ${n0(bare.perSecond)} req/s p99 ${bare.p99} ms`,
      )
    })
  }
  if (scenarios.has('writes')) {
    await attempt('writes', async () => {
      const writes = join(root, 'writes')
      copyDir(game, writes)
      const db = connectDatabase({ dataDir: writes })
      const market = new EngineMarket()
      const titleIds = tradingTitleIds(market, Date.now())
      console.log(
        `writes: ${titleIds.length} of ${market.titles().length} titles trade now: tags and bets on them`,
      )
      const pollIds = await seedWriteFixtures(
        db,
        market,
        Date.now(),
        titleIds,
        writePolls,
        writeMessages,
      ).finally(() => db.destroy())
      const fixtures = { players, pollIds, messageCount: writeMessages, titleIds }
      figures.writes = await writesScenario(writes, fixtures, writeSeconds, rawSeconds, writeRounds)
      const { tag, vote } = figures.writes
      console.log(
        `writes: tag ${n0(tag.perSecond)}/s, vote ${n0(vote.perSecond)}/s, raw ${[...tag.raw, ...vote.raw].map(n0).join(' / ')} tx/s`,
      )
    })
  }
  rmSync(game, { recursive: true, force: true })
  if (scenarios.has('evaluate')) {
    // the evaluation runs in this process: its statements are timed here (seeding ones included)
    if (process.env.BENCH_SLOW_SQL_MS) watchSlowStatements(Number(process.env.BENCH_SLOW_SQL_MS))
    await attempt('evaluate on SQLite', async () => {
      const sqlite = await evaluateSqlite(root, evalCount)
      figures.evaluations.push(sqlite)
      console.log(
        `evaluate sqlite: engine ${sqlite.engineSeconds.toFixed(2)} s, raw ${sqlite.rawSeconds.toFixed(2)} s`,
      )
    })
    rmSync(join(root, 'evaluate-engine'), { recursive: true, force: true })
    rmSync(join(root, 'evaluate-raw'), { recursive: true, force: true })
    if (pgEvalCount > 0 && (await postgresReachable())) {
      await attempt('evaluate on PostgreSQL', async () => {
        const postgres = await evaluatePostgres(pgEvalCount)
        figures.evaluations.push(postgres)
        console.log(
          `evaluate postgres: engine ${postgres.engineSeconds.toFixed(2)} s, raw ${postgres.rawSeconds.toFixed(2)} s`,
        )
      })
    } else if (pgEvalCount > 0) {
      figures.notes.push('PostgreSQL not reachable (ALPHA_TEST_POSTGRES_URL): its evaluation was skipped.')
    }
  }
  figures.notes.push(`Whole run ${((performance.now() - started) / 1000).toFixed(0)} s.`)
  const markdown = figuresMarkdown(figures)
  console.log(`\n${markdown}\n`)
  if (process.env.BENCH_README !== '0') {
    writeReadme(readme, markdown)
    console.log(`figures written to ${readme}`)
  }
  return failed
}

main()
  .then((failed) => process.exit(failed ? 1 : 0))
  .catch((error) => {
    console.error(error)
    process.exit(1)
  })
