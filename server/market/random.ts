/**
 * Counter-based randomness: every draw is a pure function of (seed, counters), so the price of any
 * title at any moment can be computed on its own, in any order, by any process with the same seed.
 * Hot loops hash the fixed counters once (`hashInts`) and `mix` in the varying one.
 */

/** murmur3's 32-bit finaliser: a full-avalanche mix. */
function fmix32(input: number): number {
  let h = input >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** Mixes one more integer (any safe integer, negative too) into a hash. */
export function mix(hash: number, part: number): number {
  let h = fmix32((hash ^ (part >>> 0)) + 0x6a09e667)
  const high = Math.floor(part / 4294967296)
  if (high !== 0) h = fmix32((h ^ (high >>> 0)) + 0xbb67ae85)
  return h
}

/** Hashes a seed and counters into 32 bits. */
export function hashInts(seed: number, ...parts: number[]): number {
  let h = fmix32(seed ^ 0x9e3779b9)
  for (const part of parts) h = mix(h, part)
  return h
}

/** FNV-1a of a string: turns ALPHA_MARKET_SEED into the numeric seed. */
export function seedFromString(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** Uniform in (0, 1), never 0 or 1, from a hash. */
export function uniformOf(hash: number): number {
  return (hash + 0.5) / 4294967296
}

/** Standard normal (Box–Muller) from a hash. */
export function gaussianOf(hash: number): number {
  const u1 = uniformOf(mix(hash, 1))
  const u2 = uniformOf(mix(hash, 2))
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
}

export function uniform(seed: number, ...parts: number[]): number {
  return uniformOf(hashInts(seed, ...parts))
}

export function gaussian(seed: number, ...parts: number[]): number {
  return gaussianOf(hashInts(seed, ...parts))
}

/** Picks an element by a uniform draw `u` in (0, 1). */
export function pick<T>(items: readonly T[], u: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(u * items.length))]
  if (item === undefined) throw new RangeError('pick from an empty list')
  return item
}

/** Picks by weight with a uniform draw `u` in (0, 1). */
export function pickWeighted<T>(items: readonly T[], weightOf: (item: T) => number, u: number): T {
  // each weight asked once: a weight may take a look at the item's market
  const weights = items.map(weightOf)
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  let left = u * total
  for (const [i, item] of items.entries()) {
    left -= weights[i] as number
    if (left < 0) return item
  }
  return pick(items, u)
}
