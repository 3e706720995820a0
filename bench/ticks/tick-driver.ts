import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Tick } from '../../src/api/market'
import type { ServerCommand, ServerStats } from './protocol'

/**
 * Ticks come in rounds, as markets send them (the simulated market ticks once a second, a provider on
 * each poll): every `roundMs` the round's ticks are emitted at once. BENCH_ROUND_MS sets it.
 */
const roundMs = Number(process.env.BENCH_ROUND_MS ?? 100)
/** At most two rounds of backlog are caught up at once; the rest counts as skipped (the loop is saturated). */
const maxCatchUpMs = 2 * roundMs

/**
 * Emits ticks round-robin over the titles at the rate the orchestrator sets, from a timer, and answers
 * its stats requests. The same driver runs in the socket.io and the ws server.
 */
export function driveTicks(titleIds: readonly number[], emit: (tick: Tick) => void): void {
  let rate = 0
  let since = performance.now()
  let dueBefore = 0
  let emitted = 0
  let skipped = 0
  let next = 0
  const prices = titleIds.map((_, i) => 50 + i * 7.31)
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()

  const timer = setInterval(() => {
    if (rate === 0) return
    const now = performance.now()
    const due = Math.floor(((now - since) / 1000) * rate) - dueBefore
    const allowed = Math.min(due, Math.ceil((rate * maxCatchUpMs) / 1000))
    dueBefore += due
    skipped += due - allowed
    const t = Date.now()
    for (let i = 0; i < allowed; i += 1) {
      const index = next
      next = (next + 1) % titleIds.length
      const price = (prices[index] as number) * (1 + (((t + i) % 7) - 3) / 10_000)
      prices[index] = price
      const l = Math.round(price * 100) / 100
      emit({ id: titleIds[index] as number, a: l + 0.02, b: l - 0.02, l, s: 'sp', t })
      emitted += 1
    }
  }, roundMs)

  // the orchestrator is gone (killed, Ctrl-C): stop too
  process.on('disconnect', () => process.exit(0))
  if (!process.connected) process.exit(0)
  process.on('message', (command: ServerCommand) => {
    if (command.type === 'rate') {
      rate = command.ticksPerSecond
      since = performance.now()
      dueBefore = 0
    } else if (command.type === 'stats') {
      const cpu = process.cpuUsage()
      const memory = process.memoryUsage()
      const stats: ServerStats = {
        type: 'stats',
        cpuUser: cpu.user,
        cpuSystem: cpu.system,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        emitted,
        skipped,
        loopDelayP99: delay.percentile(99) / 1e6,
      }
      delay.reset()
      process.send?.(stats)
    } else if (command.type === 'exit') {
      clearInterval(timer)
      process.exit(0)
    }
  })
}
