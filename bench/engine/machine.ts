import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** Share of the machine's CPU busy over `ms`, from /proc/stat (undefined where there is none). */
async function machineBusy(ms: number): Promise<number | undefined> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number)
    if (!fields || fields.length < 5) return undefined
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) }
  }
  try {
    const before = read()
    await sleep(ms)
    const after = read()
    if (!before || !after || after.total === before.total) return undefined
    return 1 - (after.idle - before.idle) / (after.total - before.total)
  } catch {
    return undefined
  }
}

/** A share as the figures print it (how busy the machine was, the calls that failed): '7%', or '?' where unknown. */
export const percentText = (busy: number | undefined) =>
  busy === undefined ? '?' : `${Math.round(busy * 100)}%`

/**
 * Other work on the machine (a test suite, another benchmark) skews the figures: waits up to
 * `patienceMs` (BENCH_QUIET_PATIENCE_MS, 20 s) for the machine to calm down and says how busy it was.
 */
export async function waitForQuiet(
  label: string,
  patienceMs = Number(process.env.BENCH_QUIET_PATIENCE_MS ?? 20_000),
): Promise<number | undefined> {
  const deadline = performance.now() + patienceMs
  let busy = await machineBusy(1000)
  while (busy !== undefined && busy > 0.15 && performance.now() < deadline) busy = await machineBusy(2000)
  if (busy !== undefined && busy > 0.15)
    console.warn(`${label}: the machine stays ${Math.round(busy * 100)}% busy`)
  return busy
}
