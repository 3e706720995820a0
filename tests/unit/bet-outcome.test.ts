import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { betOutcome } from '~/actors/bet-outcome'
import { ApiError } from '~/api/client'
import type { PollResults } from '~/api/polls'
import { betMachine } from '~/machines/bet.machine'
import type { BetRequest, PostVoteInput } from '~/machines/bet.types'
import { noResults } from '../support/game-fixtures'

const results: PollResults = { ...noResults, numUsersBetUp: 1, totalTtcBet: 10, ttcBetUp: 10 }

/** The real bet flow with vote calls the test answers; `place` is the client's placeBet. */
function start() {
  const calls: { input: PostVoteInput; resolve(r: PollResults): void; reject(e: unknown): void }[] = []
  const bet = createActor(
    betMachine.provide({
      actors: {
        postVote: fromPromise<PollResults, PostVoteInput>(
          ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
    }),
  ).start()
  const place = (request: Partial<BetRequest>) => {
    const full: BetRequest = { pollId: 1, userId: 5, vote: 'up', wager: '10', balance: 50, ...request }
    return betOutcome(bet, full.pollId, () => bet.send({ type: 'bet.place', ...full }))
  }
  return { calls, place }
}

describe('a bet’s outcome, as the one who placed it hears it', () => {
  it('is the server’s answer to that bet, not to another poll’s', async () => {
    const { calls, place } = start()
    const first = place({ pollId: 1 })
    const second = place({ pollId: 2, vote: 'down', wager: '3' })
    calls[0]?.resolve(results)
    await expect(first).resolves.toEqual({
      bet: { pollId: 1, userId: 5, vote: 'up', ttcBet: 10 },
      results,
    })
    await new Promise((resolve) => setImmediate(resolve))
    calls[1]?.resolve({ ...results, ttcBetUp: 0, ttcBetDown: 3 })
    await expect(second).resolves.toMatchObject({ bet: { pollId: 2, ttcBet: 3 }, results: { ttcBetDown: 3 } })
  })

  it('refuses a second bet on the poll at once, while the first still gets its answer', async () => {
    const { calls, place } = start()
    const first = place({})
    await expect(place({ vote: 'down' })).rejects.toEqual({
      pollId: 1,
      reason: 'alreadyPlaced',
      message: 'Warning: You have already placed your bet.',
      sent: false,
    })
    expect(calls).toHaveLength(1)
    calls[0]?.resolve(results)
    await expect(first).resolves.toMatchObject({ bet: { vote: 'up' } })
  })

  it('is the refusal when the post failed, and the invalid wager without sending', async () => {
    const { calls, place } = start()
    await expect(place({ wager: '0' })).rejects.toMatchObject({ reason: 'invalidWager', sent: false })
    const failed = place({})
    calls[0]?.reject(new ApiError(503, 'http_503', 'down'))
    await expect(failed).rejects.toEqual({
      pollId: 1,
      reason: 'failed',
      message: 'Error sending bet to server',
      sent: true,
    })
  })
})
