import type { Migration } from 'kysely'
import * as accounts from './0001-accounts'
import * as market from './0002-market'
import * as idempotency from './0003-idempotency'

/** Every migration in order. Released ones are frozen: change the schema with a new file. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-market': market,
  '0003-idempotency': idempotency,
}
