import type { MessageStore } from '../../../server/market/messages.repo'
import { SimulatedMarket } from '../../../server/market/simulated-market'
import { type PollOutcome, pollOutcome } from '../../../src/domain/poll-phase'

/** The seed and flat band `startE2eServer()` runs with (the server's defaults). */
const marketSeed = 'alpha'
const pollFlatBand = 0.001

let market: SimulatedMarket | undefined

/**
 * The simulated market is a pure function of its seed: the same prices the e2e server will quote at any
 * moment, future ones included. Only prices are read (no store, no timers).
 */
function simulatedMarket(): SimulatedMarket {
  market ??= new SimulatedMarket({
    clock: { now: () => 0 },
    seed: marketSeed,
    tickIntervalMs: 1000,
    messageIntervalMs: 20_000,
    store: {} as MessageStore,
    avatarUrl: () => '',
  })
  return market
}

/**
 * How a poll of the e2e server will end: the side that wins at its evaluation, as the settlement job
 * will decide it (spec §4: up, flat or down from priceBase). Lets a test bet on the winning side.
 */
export async function pollOutcomeAt(poll: {
  titleId: number
  priceBase: number
  evalTime: number
}): Promise<PollOutcome> {
  const evalPrice = await simulatedMarket().priceAt(poll.titleId, poll.evalTime)
  if (evalPrice === undefined) throw new Error(`the market has no title ${poll.titleId}`)
  return pollOutcome(poll.priceBase, evalPrice, pollFlatBand)
}
