/** TTC amounts travel as decimal numbers with at most two places and are kept as integer hundredths. */
export const ttcSymbol = 'TTC'

export function toHundredths(ttc: number): number {
  return Math.round(ttc * 100)
}

export function fromHundredths(hundredths: number): number {
  return hundredths / 100
}

/** True when the number has no more than two decimal places (0.1 + 0.2 style noise tolerated). */
export function hasAtMostTwoDecimals(ttc: number): boolean {
  return Number.isFinite(ttc) && Math.abs(ttc * 100 - Math.round(ttc * 100)) < 1e-6
}
