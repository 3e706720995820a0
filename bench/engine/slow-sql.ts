import SQLite from 'better-sqlite3'

/**
 * Diagnosis (BENCH_SLOW_SQL_MS=n): times every SQLite statement the server runs (better-sqlite3 is
 * synchronous, so a slow one stalls every request) and prints those slower than n ms, grouped by SQL,
 * when the process exits.
 */
export function watchSlowStatements(thresholdMs: number): void {
  const slow = new Map<string, { count: number; totalMs: number; maxMs: number; cpuMs: number }>()
  const prepare = SQLite.prototype.prepare
  SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
    const statement = prepare.call(this, source)
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method] as (...args: unknown[]) => unknown
      Object.defineProperty(statement, method, {
        value: (...args: unknown[]) => {
          const started = performance.now()
          const cpu = process.cpuUsage()
          try {
            return original.apply(statement, args)
          } finally {
            const ms = performance.now() - started
            if (ms >= thresholdMs) {
              const key = source.replace(/\s+/g, ' ').slice(0, 160)
              const entry = slow.get(key) ?? { count: 0, totalMs: 0, maxMs: 0, cpuMs: 0 }
              const used = process.cpuUsage(cpu)
              entry.cpuMs += (used.user + used.system) / 1000
              entry.count += 1
              entry.totalMs += ms
              entry.maxMs = Math.max(entry.maxMs, ms)
              slow.set(key, entry)
            }
          }
        },
      })
    }
    return statement
  } as typeof prepare
  process.on('exit', () => {
    const rows = [...slow].sort((a, b) => b[1].totalMs - a[1].totalMs)
    console.error(`statements of ${thresholdMs} ms or more (count, total, max, CPU time):`)
    for (const [source, e] of rows.slice(0, Number(process.env.BENCH_SLOW_SQL_ROWS ?? 15)))
      console.error(
        `${e.count}× ${e.totalMs.toFixed(0)} ms, max ${e.maxMs.toFixed(0)} ms, CPU ${e.cpuMs.toFixed(0)} ms: ${source}`,
      )
  })
}
