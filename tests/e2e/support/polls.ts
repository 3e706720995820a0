import type { Page } from 'playwright-core'
import type { Title } from '../../../src/api/market'
import type { Poll } from '../../../src/api/polls'
import { nextMarketOpening } from '../../../src/domain/trading-hours'
import { advanceClocks } from './clock'
import type { E2ePlayer } from './players'
import type { E2eServer } from './server'

/**
 * An open poll with ten minutes of betting left on a title whose market trades for those ten minutes;
 * if none is, the server's and the page's clocks move to a minute after the next poll start.
 */
export async function openPoll(server: E2eServer, player: E2ePlayer, page: Page): Promise<Poll> {
  const universe = (await player.client.get<Title[]>('/v1/stockgame/universe')).body
  const trades = (poll: Poll, from: number) =>
    [from, from + 10 * 60_000].every(
      (at) => nextMarketOpening(universe.find((title) => title.id === poll.titleId)?.hours, at) === undefined,
    )
  const usable = async (at: number) =>
    (await player.client.get<Poll[]>('/v1/stockgame/polls')).body.find(
      (poll) => poll.phase === 'open' && poll.endTime - at > 10 * 60_000 && trades(poll, at),
    )
  const now = await server.advanceClock(0)
  const poll = await usable(now)
  if (poll) return poll
  const next = (await player.client.get<{ startTime: number }>('/v1/stockgame/polls/next')).body
  const at = await advanceClocks(server, [page], next.startTime + 60_000 - now)
  const opened = await usable(at)
  if (!opened) throw new Error('no poll opened at the poll time')
  return opened
}
