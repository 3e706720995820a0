import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiErrorBody } from '../../src/api/errors'
import type { Group } from '../../src/api/groups'
import type { Poll, PollResults } from '../../src/api/polls'
import type { TagResponse } from '../../src/api/predictions'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { type Pair, PairSource } from '../support/game'
import { groupsPath } from '../support/groups'
import { advanceTo, balanceOf, bitcoin, dax, nextLocalTime, pollsOf } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const keyReused = {
  error: {
    code: 'idempotency_key_reused',
    message:
      'This Idempotency-Key was already used for another request. Send a new key with every new request.',
  },
}

let keyCounter = 0
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } })
const newKey = () => withKey(`key-${process.pid}-${++keyCounter}`)

/**
 * An Idempotency-Key is bound to its request (method, concrete path, body): the same request is answered
 * again as the first time, another request with the key is refused with 422 and changes nothing, instead
 * of being answered with the first request's answer and never carried out.
 */
describe.each(dialects)('Idempotency-Key bound to its request on %s', (dialect) => {
  let server: TestServer
  let pairs: PairSource
  /** two polls open for bets at once */
  let polls: [Poll, Poll]

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ALPHA_POLL_TITLES: `${bitcoin},${dax}` } })
    pairs = new PairSource(server)
    // At 08:00 on a weekday the Bitcoin and DAX polls open together.
    const eight = nextLocalTime(server.clock.now(), '08:00', [1, 2, 3, 4, 5], 5 * 60_000)
    await advanceTo(server, eight + 30_000)
    const open = (await pollsOf(await signUpPlayer(server))).filter((p) => p.startTime === eight)
    expect(open).toHaveLength(2)
    polls = open as [Poll, Poll]
  })
  afterAll(() => server.stop())

  const vote = (player: SignedUp, poll: Poll, ttcBet: number, options = newKey(), direction = 'up') =>
    player.client.post<PollResults & ApiErrorBody>(
      `/v1/stockgame/polls/${poll.pollId}/vote`,
      { pollId: poll.pollId, userId: player.user.id, vote: direction, ttcBet },
      options,
    )
  const votesOf = (player: SignedUp) =>
    server.ctx.db
      .selectFrom('votes')
      .select(['pollId', 'vote', 'ttcBet'])
      .where('userId', '=', player.user.id)
      .orderBy('pollId')
      .execute()

  const tag = (player: SignedUp, pair: Pair, trend: string, options = newKey()) =>
    player.client.post<TagResponse & ApiErrorBody>(
      `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`,
      { userId: player.user.id, titleId: pair.titleId, messageId: pair.messageId, trend },
      options,
    )
  const predictionsOf = (player: SignedUp) =>
    server.ctx.db
      .selectFrom('taggedMessages')
      .select(['messageId', 'titleId', 'trend'])
      .where('userId', '=', player.user.id)
      .orderBy('messageId')
      .execute()

  it('answers the same request with the same key with the first answer, and bets once', async () => {
    const [poll] = polls
    const player = await signUpPlayer(server)
    const key = newKey()
    const first = await vote(player, poll, 5, key)
    expect(first.status).toBe(200)
    // another bet on the poll changes its results; the retry still gets the first answer
    expect((await vote(await signUpPlayer(server), poll, 7)).status).toBe(200)
    const retry = await vote(player, poll, 5, key)
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)
    expect(await balanceOf(server, player.user.id)).toBe(95_00)
    expect(await votesOf(player)).toEqual([{ pollId: poll.pollId, vote: 'up', ttcBet: 5_00 }])
  })

  it('refuses the key of a bet on one poll for a bet on another poll with 422, placing nothing', async () => {
    const [first, other] = polls
    const player = await signUpPlayer(server)
    const key = newKey()
    expect((await vote(player, first, 5, key)).status).toBe(200)
    const reused = await vote(player, other, 3, key)
    expect(reused.status).toBe(422)
    expect(reused.body).toEqual(keyReused)
    expect(await balanceOf(server, player.user.id)).toBe(95_00)
    expect(await votesOf(player)).toEqual([{ pollId: first.pollId, vote: 'up', ttcBet: 5_00 }])
    // the bet itself was allowed: with a key of its own it is placed
    expect((await vote(player, other, 3)).status).toBe(200)
    expect(await balanceOf(server, player.user.id)).toBe(92_00)
  })

  it('refuses the key of a bet for another bet on the same poll with 422, changing nothing', async () => {
    const [poll] = polls
    const player = await signUpPlayer(server)
    const key = newKey()
    expect((await vote(player, poll, 5, key)).status).toBe(200)
    for (const [ttcBet, direction] of [
      [6, 'up'],
      [5, 'down'],
    ] as const) {
      const reused = await vote(player, poll, ttcBet, key, direction)
      expect(reused.status, `${ttcBet} ${direction}`).toBe(422)
      expect(reused.body).toEqual(keyReused)
    }
    expect(await balanceOf(server, player.user.id)).toBe(95_00)
    expect(await votesOf(player)).toEqual([{ pollId: poll.pollId, vote: 'up', ttcBet: 5_00 }])
  })

  it('tags: the same request is answered again, another message or trend with the key is refused with 422', async () => {
    const player = await signUpPlayer(server)
    const [pair, otherPair] = (await pairs.take(2)) as [Pair, Pair]
    const key = newKey()
    const first = await tag(player, pair, 'Up', key)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const retry = await tag(player, pair, 'Up', key)
    expect(retry.status).toBe(200)
    expect(retry.body).toEqual(first.body)

    const otherTrend = await tag(player, pair, 'Down', key)
    expect(otherTrend.status).toBe(422)
    expect(otherTrend.body).toEqual(keyReused)
    const otherMessage = await tag(player, otherPair, 'Up', key)
    expect(otherMessage.status).toBe(422)
    expect(otherMessage.body).toEqual(keyReused)
    const stored = [{ messageId: pair.messageId, titleId: pair.titleId, trend: 'Up' }]
    expect(await predictionsOf(player)).toEqual(stored)
    expect((await tag(player, otherPair, 'Up')).status).toBe(200)
  })

  it('refuses the key of a group creation for another group with 422, creating none', async () => {
    const player = await signUpPlayer(server)
    const key = newKey()
    const created = await player.client.post<Group>(groupsPath, { name: 'First desk' }, key)
    expect(created.status).toBe(201)
    const reused = await player.client.post<ApiErrorBody>(groupsPath, { name: 'Second desk' }, key)
    expect(reused.status).toBe(422)
    expect(reused.body).toEqual(keyReused)
    const names = await server.ctx.db
      .selectFrom('userGroups')
      .select('name')
      .where('createdBy', '=', player.user.id)
      .execute()
    expect(names).toEqual([{ name: 'First desk' }])
  })
})
