import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { connectDatabase } from '../../server/db/connect'
import { migrateToLatest } from '../../server/db/migrate'
import { exportLines } from '../../server/game/prediction-export'
import { evaluationPriceGrainMs } from '../../server/game/prediction-sql'
import { percentText, waitForQuiet } from '../engine/machine'

/**
 * bench/export: the predictions export (`GET /v1/stockgame/export/predictions`'s generator) over a
 * seeded SQLite database of BENCH_EXPORT_ROWS (1,000,000) judged predictions: rows per second and the
 * process's peak RSS while it streams, sampled every 50 ms. The keyset cursor should keep the peak flat
 * however many rows there are: compare BENCH_EXPORT_ROWS=100000 with the default. Not a test: figures
 * only, printed, with how busy the machine was before streaming (it waits for a quiet one, as the
 * others do). BENCH_EXPORT_FORMAT=jsonl streams JSON Lines instead of CSV.
 */
const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000)
const format = process.env.BENCH_EXPORT_FORMAT === 'jsonl' ? 'jsonl' : 'csv'
const players = 1000
const titles = 50

async function seed(db: ReturnType<typeof connectDatabase>): Promise<void> {
  const now = Date.now()
  // players straight into users (the columns without defaults)
  for (let i = 0; i < players; i += 500) {
    const ids = Array.from({ length: Math.min(500, players - i) }, (_, j) => i + j + 1)
    await sql`insert into users (id, username, username_key, email, email_key, created_at)
      values ${sql.join(
        ids.map(
          (id) =>
            sql`(${id}, ${`bench${id}`}, ${`bench${id}`}, ${`bench${id}@example.test`}, ${`bench${id}@example.test`}, ${now})`,
        ),
      )}`.execute(db)
  }
  const start = now - 30 * 86_400_000
  // 8 parameters a row: under SQLite's 32,766 per statement
  const batch = 4000
  for (let i = 0; i < rows; i += batch) {
    const values = Array.from({ length: Math.min(batch, rows - i) }, (_, j) => {
      const n = i + j
      const createdAt = start + n * 1000
      return {
        userId: (n % players) + 1,
        titleId: (n % titles) + 1,
        messageId: `m${Math.floor(n / 7)}`,
        trend: n % 2 ? ('Up' as const) : ('Down' as const),
        atPrice: 100 + (n % 3) - 1,
        createdAt,
        evaluationDueAt: createdAt + 3 * 3_600_000,
        rewardFactor: 1,
      }
    })
    await db.insertInto('taggedMessages').values(values).execute()
  }
  // every (title, due minute) priced and covered
  await sql`insert into evaluation_prices (title_id, due_minute, price, covered_to)
    select title_id, evaluation_due_at - evaluation_due_at % ${evaluationPriceGrainMs}, 100,
      max(evaluation_due_at)
    from tagged_messages group by title_id, evaluation_due_at - evaluation_due_at % ${evaluationPriceGrainMs}`.execute(
    db,
  )
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'alpha-bench-export-'))
  const db = connectDatabase({ dataDir: dir })
  try {
    await migrateToLatest(db)
    const seeded = Date.now()
    await seed(db)
    console.log(
      `seeded ${rows.toLocaleString('en-US')} judged predictions in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    )
    // the seeding's own writes settle first: rows/s from a busy machine would be a floor, not a figure
    const busy = await waitForQuiet('export')
    console.log(
      `machine busy before streaming ${percentText(busy)}, load average ${loadavg()[0]?.toFixed(2)}`,
    )
    global.gc?.()
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 50)
    const started = performance.now()
    let bytes = 0
    let lines = 0
    for await (const chunk of exportLines(db, format)) {
      bytes += Buffer.byteLength(chunk)
      lines += chunk.split('\n').length - 1
      peak = Math.max(peak, process.memoryUsage().rss)
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    const exported = format === 'csv' ? lines - 1 : lines
    const mb = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MB`
    console.log(
      `format ${format}: ${exported.toLocaleString('en-US')} rows, ${mb(bytes)} in ${seconds.toFixed(1)} s`,
    )
    console.log(`rows/s ${Math.round(exported / seconds).toLocaleString('en-US')}`)
    console.log(
      `RSS before streaming ${mb(baseline)}, peak while streaming ${mb(peak)} (+${mb(peak - baseline)})`,
    )
    if (exported !== rows) throw new Error(`exported ${exported} of ${rows} rows`)
  } finally {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
