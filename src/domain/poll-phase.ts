/** Open while endTime is ahead, closed until evalTime, evaluated once evalTime has passed. */
export type PollPhase = 'open' | 'closed' | 'evaluated'

export function pollPhase(poll: { endTime: number; evalTime: number }, now: number): PollPhase {
  if (now < poll.endTime) return 'open'
  if (now < poll.evalTime) return 'closed'
  return 'evaluated'
}

export type PollOutcome = 'up' | 'flat' | 'down'

/** Moves within ±flatBand (a fraction of priceBase, e.g. 0.001 = 0.1 %) count as flat. */
export function pollOutcome(priceBase: number, evalPrice: number, flatBand: number): PollOutcome {
  const change = (evalPrice - priceBase) / priceBase
  if (Math.abs(change) <= flatBand) return 'flat'
  return change > 0 ? 'up' : 'down'
}
