import type { Clock } from '../clock'
import type { Config } from '../config'
import type { AppContext } from '../context'
import type { Db } from '../db/database'
import { databaseMessageStore } from './messages.repo'
import { createProviderMarket } from './provider/create-provider-market'
import { SimulatedMarket } from './simulated-market'
import type { MarketSource } from './source'

/** Path of an author's avatar; the market routes serve it. */
export const avatarPath = (handle: string) => `/v1/market/avatars/${handle}.svg`

/**
 * The default market source. Nothing runs until `start()` (main.ts calls it), so tests and scripts
 * build a context without timers and drive the market through the clock.
 */
export function createSimulatedMarket(parts: {
  config: Config
  db: Db
  clock: Clock
  log: AppContext['log']
}): SimulatedMarket {
  const { config, db, clock, log } = parts
  return new SimulatedMarket({
    clock,
    seed: config.marketSeed,
    tickIntervalMs: config.tickIntervalMs,
    messageIntervalMs: config.messageIntervalMs,
    store: databaseMessageStore(db),
    // On the page's own origin, whichever name the player reached the server by: an absolute URL on
    // APP_ORIGIN broke every avatar for a player on http://127.0.0.1:8080 (another origin to the CSP).
    avatarUrl: avatarPath,
    log,
  })
}

/** The provider-backed market when PROVIDER_URL is set, else the simulation. */
export function createMarket(parts: Parameters<typeof createSimulatedMarket>[0]): MarketSource {
  const { provider } = parts.config
  return provider ? createProviderMarket({ ...parts, provider }) : createSimulatedMarket(parts)
}
