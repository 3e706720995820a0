import type { LoadResult } from './load'
import type { ServerProcess, ServerUsage } from './server-process'

/** One measured slice: the load's figures and the server's usage over it. */
export type Slice = LoadResult & ServerUsage

/** Figures of several slices of one kind: totals, and the per-slice figures to show the spread. */
export interface Slices {
  /** 2xx answers per second over all slices */
  perSecond: number
  /** median of the slices' p99, and the worst */
  p99: number
  worstP99: number
  p50: number
  max: number
  failed: number
  firstFailure?: string
  /** server CPU over all slices, in cores */
  cpu: number
  loopDelayP99: number
  generatorCpu: number
  slices: Slice[]
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Runs `load` against the server and returns it with the server's CPU over exactly that time. */
export async function measured(server: ServerProcess, load: () => Promise<LoadResult>): Promise<Slice> {
  const mark = await server.stats()
  const result = await load()
  return { ...result, ...(await server.usageSince(mark, result.seconds)) }
}

export function combine(slices: readonly Slice[]): Slices {
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0)
  const weighted = (pick: (s: Slice) => number) =>
    slices.reduce((sum, s) => sum + pick(s) * s.seconds, 0) / seconds
  return {
    perSecond: slices.reduce((sum, s) => sum + s.ok, 0) / seconds,
    p99: median(slices.map((s) => s.p99)),
    worstP99: Math.max(...slices.map((s) => s.p99)),
    p50: median(slices.map((s) => s.p50)),
    max: Math.max(...slices.map((s) => s.max)),
    failed: slices.reduce((sum, s) => sum + s.failed, 0),
    firstFailure: slices.find((s) => s.firstFailure)?.firstFailure,
    cpu: weighted((s) => s.cpu),
    loopDelayP99: Math.max(...slices.map((s) => s.loopDelayP99)),
    generatorCpu: weighted((s) => s.generatorCpu),
    slices: [...slices],
  }
}
