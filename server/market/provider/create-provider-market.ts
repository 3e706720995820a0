import { createProviderClient } from '../../../src/api/provider'
import type { Clock } from '../../clock'
import type { ProviderConfig } from '../../config'
import type { AppContext } from '../../context'
import type { Db } from '../../db/database'
import { databaseMessageStore } from '../messages.repo'
import { ProviderMarket } from './provider-market'

/** Per attempt; the client retries a failed GET three times at once, the market again at the next interval. */
const providerTimeoutMs = 10_000

/** The provider-backed market of PROVIDER_URL; like the simulated one, nothing runs until `start()`. */
export function createProviderMarket(parts: {
  provider: ProviderConfig
  db: Db
  clock: Clock
  log: AppContext['log']
}): ProviderMarket {
  const { provider, db, clock, log } = parts
  return new ProviderMarket({
    client: createProviderClient({
      baseUrl: provider.baseUrl,
      auth: provider.auth,
      timeoutMs: providerTimeoutMs,
      headers: { accept: 'application/json' },
    }),
    clock,
    store: databaseMessageStore(db),
    pollIntervalMs: provider.pollIntervalMs,
    messagePollIntervalMs: provider.messagePollIntervalMs,
    log,
  })
}
