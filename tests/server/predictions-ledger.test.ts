import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bankAddress } from '../../server/game/ledger'
import type { ServerMessage } from '../../src/api/market'
import type { Transaction } from '../../src/api/transactions'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bet } from '../support/game'
import { HttpClient } from '../support/http-client'
import { pollsOf, toNextPollStart } from '../support/polls'
import { PricedMarket } from '../support/priced-market'
import { startTestServer, type TestServer } from '../support/test-server'

interface ErrorBody {
  error: { code: string; message: string }
}

/** `GET /v1/stockgame/transactions/{walletAddress}`: the owner's ledger, newest first, paged. */
describe.each(dialects)('wallet transactions on %s', (dialect) => {
  let server: TestServer
  let market: PricedMarket
  let player: SignedUp
  let other: SignedUp
  const path = (address: string, query = '') =>
    `/v1/stockgame/transactions/${encodeURIComponent(address)}${query}`

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      market: (simulated) => {
        market = new PricedMarket(simulated)
        return market
      },
    })
    player = await signUpPlayer(server)
    other = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  it('lists the sign-up grant of a new player', async () => {
    const answer = await player.client.get<Transaction[]>(path(player.user.wallet.address))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([
      {
        transactionId: answer.body[0]?.transactionId,
        receiver: player.user.wallet.address,
        type: 'grant',
        amount: 100,
        reference: 'signup',
        createdAt: player.user.wallet.createdAt,
      },
    ])
  })

  it('lists tag credits newest first, after the grant', async () => {
    await server.ctx.market.publishDueMessages()
    const messages = (await player.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body
    const pairs = messages
      .slice(0, 3)
      .map((m) => ({ messageId: m.message_id, titleId: m.titles[0]?.title_id as number }))
    market.priceAtOverride = () => 1_000_000
    for (const pair of pairs) {
      market.pinLast(pair.titleId, 10)
      const tagged = await player.client.post(
        `/v1/stockgame/tagged-messages/${encodeURIComponent(pair.messageId)}/tag`,
        {
          userId: player.user.id,
          ...pair,
          trend: 'Up',
        },
      )
      expect(tagged.status).toBe(200)
      // one evaluation run per prediction: one ledger row each
      await new HttpClient(server.url).post('/v1/test/clock', { advanceMs: 10 * 60_000 })
    }
    await new HttpClient(server.url).post('/v1/test/clock', { advanceMs: evaluationDelayMs - 30 * 60_000 })
    await new HttpClient(server.url).post('/v1/test/clock', { advanceMs: 10 * 60_000 })
    await new HttpClient(server.url).post('/v1/test/clock', { advanceMs: 10 * 60_000 })

    const answer = await player.client.get<Transaction[]>(path(player.user.wallet.address))
    expect(answer.body.map((row) => [row.type, row.amount])).toEqual([
      ['tag', 1],
      ['tag', 1],
      ['tag', 1],
      ['grant', 100],
    ])
    expect(answer.body.map((row) => row.reference).slice(0, 3)).toEqual(
      [...pairs].reverse().map((pair) => `tag:${pair.titleId}:${pair.messageId}`),
    )
    // each names the prediction's title and message, so the list can say what was rewarded
    expect(answer.body.map((row) => row.about).slice(0, 3)).toEqual(
      [...pairs].reverse().map((pair) => ({ ...pair, predictions: 1 })),
    )
    expect(answer.body[3]?.about).toBeUndefined()
    const ids = answer.body.map((row) => row.transactionId)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const times = answer.body.map((row) => row.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('pages with limit and before', async () => {
    const all = (await player.client.get<Transaction[]>(path(player.user.wallet.address))).body
    expect(all.length).toBe(4)
    const first = await player.client.get<Transaction[]>(path(player.user.wallet.address, '?limit=2'))
    expect(first.body).toEqual(all.slice(0, 2))
    const next = await player.client.get<Transaction[]>(
      path(player.user.wallet.address, `?limit=2&before=${first.body[1]?.transactionId}`),
    )
    expect(next.body).toEqual(all.slice(2, 4))
    const last = await player.client.get<Transaction[]>(
      path(player.user.wallet.address, `?before=${all[3]?.transactionId}`),
    )
    expect(last.body).toEqual([])
    // a cursor of another wallet's row gives nothing rather than that wallet's neighbours
    const foreign = (await other.client.get<Transaction[]>(path(other.user.wallet.address))).body[0]
    const crossed = await player.client.get<Transaction[]>(
      path(player.user.wallet.address, `?before=${foreign?.transactionId}`),
    )
    expect(crossed.body).toEqual([])
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=-1', '?other=1']) {
      const answer = await player.client.get<ErrorBody>(path(player.user.wallet.address, query))
      expect(answer.status, query).toBe(400)
      expect(answer.body.error.code).toBe('validation_failed')
    }
  })

  it("names a bet's poll, title and side", async () => {
    await toNextPollStart(server)
    const [poll] = await pollsOf(other)
    if (!poll) throw new Error('no open poll')
    await bet(other, poll, 'flat', 2.5)
    const [wager] = (await other.client.get<Transaction[]>(path(other.user.wallet.address))).body
    expect(wager).toMatchObject({ type: 'wager', amount: -2.5, reference: `poll:${poll.pollId}` })
    expect(wager?.about).toEqual({ pollId: poll.pollId, titleId: poll.titleId, side: 'flat' })
  })

  it('shows a wallet to its owner only, and never tells whether an address exists', async () => {
    const guest = await new HttpClient(server.url).get<ErrorBody>(path(player.user.wallet.address))
    expect(guest.status).toBe(401)
    for (const address of [player.user.wallet.address, bankAddress, `0x${'0'.repeat(40)}`, 'nobody']) {
      const answer = await other.client.get<ErrorBody>(path(address))
      expect(answer.status, address).toBe(403)
      expect(answer.body.error.code).toBe('forbidden')
    }
  })
})
