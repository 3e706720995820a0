import type { Executor } from '../db/database'
import type { PlayerCounts } from './metrics'

const dayMs = 24 * 3600_000

/**
 * The community's size for the `game_players` gauge, read at each scrape: the accounts of people (the
 * bots left out) and those with a session seen in the last day (sessions note a request at most every
 * few minutes; bots have none). Two counts, the second by the sessions' last-seen index: a few
 * milliseconds for ten thousand accounts, at a scrape every few seconds.
 */
export async function countPlayers(db: Executor, now: number): Promise<PlayerCounts> {
  const [all, active] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('id', 'not in', db.selectFrom('bots').select('userId'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.count<number | string>('userId').distinct().as('n'))
      .where('lastSeenAt', '>=', now - dayMs)
      .executeTakeFirstOrThrow(),
  ])
  return { players: Number(all.n), active: Number(active.n) }
}
