import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiErrorBody } from '../../src/api/errors'
import type { PollResults } from '../../src/api/polls'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bitcoin, ethereum, moneyInGame, pollsOf, toNextPollStart } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const players = 50
const attemptsEach = 4
/** TTC per attempt: each affordable alone (100 TTC each), together four times over the balance. */
const amounts = [25, 50, 75, 100]
const sides = ['up', 'flat', 'down'] as const

describe.each(dialects)('200 simultaneous bets from 50 players on one poll on %s', (dialect) => {
  let server: TestServer
  let crowd: SignedUp[]
  let pollId: number
  let otherPollId: number

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: `${bitcoin},${ethereum}` } })
    crowd = []
    for (let i = 0; i < players; i += 10)
      crowd.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpPlayer(server)))))
    const start = await toNextPollStart(server)
    const opened = (await pollsOf(crowd[0] as SignedUp)).filter((p) => p.startTime === start)
    const poll = opened.find((p) => p.titleId === bitcoin)
    const other = opened.find((p) => p.titleId === ethereum)
    if (!poll || !other) throw new Error('no polls opened')
    pollId = poll.pollId
    otherPollId = other.pollId
  })
  afterAll(() => server.stop())

  it('takes exactly one bet per player, debits each once and keeps the money together', async () => {
    const attempts = crowd.flatMap((player, p) =>
      amounts.slice(0, attemptsEach).map((ttcBet, a) => ({
        player,
        body: { pollId, userId: player.user.id, vote: sides[(p + a) % 3], ttcBet },
      })),
    )
    expect(attempts).toHaveLength(200)
    const answers = await Promise.all(
      attempts.map(({ player, body }) =>
        player.client.post<PollResults & ApiErrorBody>(`/v1/stockgame/polls/${pollId}/vote`, body),
      ),
    )

    const ok = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status !== 200)
    expect(ok).toHaveLength(players)
    expect(refused).toHaveLength(players * (attemptsEach - 1))
    for (const answer of refused) {
      expect(answer.status).toBe(409)
      expect(answer.body.error).toEqual({
        code: 'already_placed',
        message: 'Warning: You have already placed your bet.',
      })
    }
    // Every player got exactly one 200.
    const winners = attempts.filter((_, i) => answers[i]?.status === 200)
    expect(new Set(winners.map((w) => w.player.user.id)).size).toBe(players)

    const db = server.ctx.db
    const votes = await db
      .selectFrom('votes')
      .select(['userId', 'vote', 'ttcBet'])
      .where('pollId', '=', pollId)
      .execute()
    expect(votes).toHaveLength(players)
    for (const won of winners) {
      const vote = votes.find((v) => v.userId === won.player.user.id)
      expect(vote).toEqual({ userId: won.player.user.id, vote: won.body.vote, ttcBet: won.body.ttcBet * 100 })
    }

    const wallets = await db
      .selectFrom('wallets')
      .select(['userId', 'balance'])
      .where('userId', 'is not', null)
      .execute()
    for (const vote of votes) {
      expect(wallets.find((w) => w.userId === vote.userId)?.balance).toBe(100_00 - vote.ttcBet)
    }
    const wagers = await db
      .selectFrom('ledger')
      .select(['walletAddress', 'amount'])
      .where('type', '=', 'wager')
      .where('reference', '=', `poll:${pollId}`)
      .execute()
    expect(wagers).toHaveLength(players)
    expect(new Set(wagers.map((w) => w.walletAddress)).size).toBe(players)

    const pot = votes.reduce((sum, v) => sum + v.ttcBet, 0)
    const count = (side: string) => votes.filter((v) => v.vote === side).length
    const staked = (side: string) =>
      votes.filter((v) => v.vote === side).reduce((sum, v) => sum + v.ttcBet, 0)
    const results = {
      numUsersBetUp: count('up'),
      numUsersBetFlat: count('flat'),
      numUsersBetDown: count('down'),
    }
    const listed = (await pollsOf(crowd[0] as SignedUp)).find((p) => p.pollId === pollId)
    expect(listed?.results).toEqual({
      ...results,
      totalTtcBet: pot / 100,
      ttcBetUp: staked('up') / 100,
      ttcBetFlat: staked('flat') / 100,
      ttcBetDown: staked('down') / 100,
    })
    // The poll's running totals (0008, 0013) equal a recount of its bets.
    const totals = await db
      .selectFrom('polls')
      .select(['betsUp', 'betsFlat', 'betsDown', 'ttcBetTotal', 'ttcBetUp', 'ttcBetFlat', 'ttcBetDown'])
      .where('id', '=', pollId)
      .executeTakeFirstOrThrow()
    expect(totals).toEqual({
      betsUp: results.numUsersBetUp,
      betsFlat: results.numUsersBetFlat,
      betsDown: results.numUsersBetDown,
      ttcBetTotal: pot,
      ttcBetUp: staked('up'),
      ttcBetFlat: staked('flat'),
      ttcBetDown: staked('down'),
    })
    // Bets add to the totals one after the other: the answers hold 1, 2, ... 50 bets, each once.
    const seen = ok
      .map((a) => a.body.numUsersBetUp + a.body.numUsersBetFlat + a.body.numUsersBetDown)
      .sort((a, b) => a - b)
    expect(seen).toEqual(Array.from({ length: players }, (_, k) => k + 1))
    expect(results.numUsersBetUp + results.numUsersBetFlat + results.numUsersBetDown).toBe(players)
    // Each answer counts the player's own bet and those committed before it.
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 200) continue
      expect(answer.body.totalTtcBet).toBeGreaterThanOrEqual(attempts[i]?.body.ttcBet ?? Infinity)
      expect(answer.body.totalTtcBet).toBeLessThanOrEqual(pot / 100)
    }

    const money = await moneyInGame(server)
    expect(money.lowestBalance).toBeGreaterThanOrEqual(0)
    expect(money.unbookedWallets).toEqual([])
    expect(money.openPots).toBe(pot)
    expect(money.wallets + money.openPots).toBe(money.created)
    expect(money.created).toBe(players * 100_00)
  })

  it('never overdraws a player who bets the whole balance on two polls at once', async () => {
    const spenders = await Promise.all(Array.from({ length: 20 }, () => signUpPlayer(server)))
    const answers = await Promise.all(
      spenders.flatMap((player) =>
        [pollId, otherPollId].map((id) =>
          player.client.post<PollResults & ApiErrorBody>(`/v1/stockgame/polls/${id}/vote`, {
            pollId: id,
            userId: player.user.id,
            vote: 'up',
            ttcBet: 100,
          }),
        ),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(spenders.length)
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400)
      expect(answer.body.error.message).toBe("You don't have so much money... (Max 0.00)")
    }
    const balances = await server.ctx.db
      .selectFrom('wallets')
      .select('balance')
      .where(
        'userId',
        'in',
        spenders.map((p) => p.user.id),
      )
      .execute()
    expect(balances.map((b) => b.balance)).toEqual(spenders.map(() => 0))
    const money = await moneyInGame(server)
    expect(money.lowestBalance).toBeGreaterThanOrEqual(0)
    expect(money.unbookedWallets).toEqual([])
    expect(money.wallets + money.openPots).toBe(money.created)
  })
})
