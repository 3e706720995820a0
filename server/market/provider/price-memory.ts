/** How long observed prices are kept: predictions are evaluated three hours after they are made. */
export const priceMemoryMs = 6 * 3_600_000

/**
 * The last prices seen per title (one entry per change, oldest first), so `priceAt` can answer for the
 * recent past without asking the provider. Two number arrays per title keep it compact.
 */
export class PriceMemory {
  readonly #series = new Map<number, { t: number[]; l: number[] }>()

  record(id: number, t: number, l: number): void {
    let series = this.#series.get(id)
    if (!series) {
      series = { t: [], l: [] }
      this.#series.set(id, series)
    }
    const last = series.t.at(-1)
    if (last !== undefined && t < last) return
    series.t.push(t)
    series.l.push(l)
    const keepFrom = t - priceMemoryMs
    let drop = 0
    while (drop < series.t.length - 1 && (series.t[drop] as number) < keepFrom) drop += 1
    if (drop > 0) {
      series.t.splice(0, drop)
      series.l.splice(0, drop)
    }
  }

  /** The price in force at `at`; undefined when `at` is before everything remembered. */
  priceAt(id: number, at: number): number | undefined {
    const series = this.#series.get(id)
    if (!series || series.t.length === 0 || at < (series.t[0] as number)) return undefined
    let low = 0
    let high = series.t.length - 1
    while (low < high) {
      const middle = Math.ceil((low + high) / 2)
      if ((series.t[middle] as number) <= at) low = middle
      else high = middle - 1
    }
    return series.l[low]
  }
}
