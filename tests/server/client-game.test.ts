import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AnyActorRef, type SnapshotFrom, waitFor } from 'xstate'
import { evaluationPriceGrainMs } from '../../server/game/prediction-sql'
import { type Client, createClient } from '../../src/actors/client'
import type { ErrorReport } from '../../src/actors/error-reporting'
import { memoryStorage } from '../../src/actors/persistence'
import { type ApiClient, createApiClient } from '../../src/api/client'
import { isLoggedInUser } from '../../src/api/guest-user'
import type { ServerMessage } from '../../src/api/market'
import { priceIn } from '../../src/domain/latest-price'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { rewardFactorFor } from '../../src/domain/reward-factor'
import { storeNames } from '../../src/machines/app-boot.types'
import { selectHasBet, selectPolls } from '../../src/machines/polls.machine'
import { selectLatestPrices } from '../../src/machines/prices.machine'
import { stateCacheMs } from '../../src/machines/state-fetch.types'
import {
  selectHasTagged,
  selectIsCorrect,
  selectNextEvaluationTime,
  selectPredictions,
} from '../../src/machines/tagged-messages.machine'
import { newInvitationCode, uniqueName } from '../support/accounts'
import { browserFetch } from '../support/browser-fetch'
import { fakeNavigator } from '../support/client-fixtures'
import { dialects } from '../support/databases'
import { advanceClockTo } from '../support/game'
import { apple, balanceOf, bitcoin, PricedMarket } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const waitMs = 10_000
const password = 'correct horse battery staple'
/** running predictions the player has before the client's: the reward factor is below 1 from here */
const seeded = 20
const stake = 5

/**
 * The whole client (`createClient`: session, socket.io-client, boot and domain stores, bet and tag
 * flows, persisted in memory) against a started server, through one game: sign in, subscribe and
 * receive ticks, see a message arrive, tag it, bet in an open poll, and see the prediction evaluated.
 * The client's clock is the server's test clock, which the test moves.
 */
describe.each(dialects)('the client playing against the server on %s', (dialect) => {
  let server: TestServer
  let market: PricedMarket
  let client: Client | undefined

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin) },
      market: (simulated) => {
        market = new PricedMarket(simulated)
        return market
      },
    })
  })
  afterEach(async () => {
    if (client) await settled(client)
    client?.stop()
    client = undefined
  })
  afterAll(() => server.stop())

  const store = <N extends (typeof storeNames)[number]>(name: N) => (client as Client).store(name)

  /** Waits for the calls in flight (store loads, the session's), so stopping the actors aborts none. */
  async function settled(client: Client) {
    await client.ready
    await waitFor(client.session, (s) => s.matches('guest') || s.matches('loggedIn'), { timeout: waitMs })
    for (const name of storeNames)
      await waitFor(client.store(name) as AnyActorRef, (s) => !s.matches('loading'), { timeout: waitMs })
    await waitFor(client.performance, (s) => !s.matches('loading'), { timeout: waitMs })
  }

  /**
   * Reloads a store (a forced initialize, as the 10 s refresh does) until `until` holds; a load already
   * running (the refresh's) is waited for first, since a forced initialize does not interrupt it. A
   * store the state feeds sees the server's change once the state cached before it is 5 s old.
   */
  async function reloadUntil<A extends AnyActorRef>(
    actor: A,
    until: (snapshot: SnapshotFrom<A>) => boolean,
  ): Promise<SnapshotFrom<A>> {
    const ref: AnyActorRef = actor
    const deadline = Date.now() + waitMs + stateCacheMs
    for (;;) {
      await waitFor(ref, (s) => !s.matches('loading'), { timeout: waitMs })
      ref.send({ type: 'store.initialize', force: true })
      const loaded = await waitFor(ref, (s) => !s.matches('loading'), { timeout: waitMs })
      if (until(loaded)) return loaded
      if (Date.now() > deadline) throw new Error(`${actor.id} did not reload to the expected data`)
      // answered from the state's cache at once: no busy loop
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  function build(api: ApiClient) {
    const reports: ErrorReport[] = []
    const router = fakeNavigator('/')
    client = createClient({
      api,
      config: {},
      search: '',
      navigate: router.navigator,
      reporter: { report: (report) => void reports.push(report) },
      // no Origin from Node's websocket: the server accepts clients without one
      socket: { url: server.url, options: { reconnectionDelay: 50, reconnectionDelayMax: 100 } },
      window: new EventTarget(),
      storage: memoryStorage(),
      timeZone: server.ctx.config.timeZone,
      now: () => server.clock.now(),
    })
    return { client, reports, router }
  }

  /** Predictions of the player made now, through the database: running ones lower the reward factor. */
  async function seedRunningPredictions(userId: number, count: number) {
    const now = server.clock.now()
    await server.ctx.db
      .insertInto('taggedMessages')
      .values(
        Array.from({ length: count }, (_, i) => ({
          userId,
          titleId: apple,
          messageId: `seed-${i}`,
          // Up, as the client's tag below: fair play refuses the opposite on the same title
          trend: 'Up' as const,
          // wrong whatever the price: the player's score is the client's prediction alone
          atPrice: 1e12,
          createdAt: now,
          evaluationDueAt: now + evaluationDelayMs,
          rewardFactor: 1,
        })),
      )
      .execute()
    return now
  }

  it('signs in, receives ticks and messages, tags, bets and sees the prediction evaluated', async () => {
    // a player signed up in this browser, then signed out
    const browser = browserFetch(server.url)
    const api = createApiClient({ baseUrl: server.url, appVersion: 'test', fetch: browser.fetch })
    const username = uniqueName('game')
    const signedUp = await api.call('signUp', {
      body: {
        invitationCode: await newInvitationCode(server),
        email: `${username}@example.test`,
        username,
        password,
        acceptTerms: true,
      },
    })
    await api.call('logout')
    const userId = signedUp.id
    const granted = await balanceOf(server, userId)

    const { client, reports } = build(api)
    // the stores, the socket and the game actors are there once the lazily loaded game started
    await client.ready
    await waitFor(client.session, (s) => s.matches('guest'), { timeout: waitMs })

    // sign in: the session announces it, the boot loads the stores, the socket authorizes and subscribes
    client.login({ login: username, password })
    await waitFor(client.session, (s) => s.matches('loggedIn'), { timeout: waitMs })
    await waitFor(store('titleInfo'), (s) => s.matches('ready'), { timeout: waitMs })
    const subscribed = await waitFor(
      client.socket,
      (s) => s.matches({ live: 'subscribed' }) && s.context.requested.includes(apple),
      { timeout: waitMs },
    )
    expect(subscribed.context.requested).toHaveLength(market.titles().length)
    await settled(client)
    for (const name of storeNames) expect(store(name).getSnapshot().value, name).toBe('ready')
    // the untagged messages loaded at sign-in show, though they came before the first tick prices
    expect(store('liveStream').getSnapshot().context.messages.length).toBeGreaterThan(0)
    expect(reports).toEqual([])

    // a tick reaches the latest prices
    const tick = market.tickOf(apple, server.clock.now() + 1, 7)
    market.emitTick(tick)
    const priced = await waitFor(client.prices, (s) => selectLatestPrices(s.context).get(apple) === tick.l, {
      timeout: waitMs,
    })
    // with the previous close the subscription brought (or this tick, when it carries one)
    expect(priceIn(priced.context.latest, apple)).toMatchObject({ price: tick.l, at: tick.t })
    expect(priceIn(priced.context.latest, apple)?.previousClose).toBeGreaterThan(0)

    // the next poll opens on the server; the client's polls store lists it, open
    const start = nextPollStart(server.clock.now(), server.ctx.config.timeZone)
    await advanceClockTo(server, start + 1000)
    const polls = await reloadUntil(store('polls'), (s) =>
      selectPolls(s.context, 'open').some((poll) => poll.startTime === start),
    )
    const poll = selectPolls(polls.context, 'open').find(
      (p) => p.startTime === start && p.titleId === bitcoin,
    )
    if (!poll) throw new Error('no open bitcoin poll')
    expect(poll.votes).toEqual([])

    // messages published now reach the live stream through the realtime push
    const published: ServerMessage[] = await market.publishDueMessages()
    expect(published.length).toBeGreaterThan(0)
    const publishedIds = new Set(published.map((message) => message.message_id))
    const streamed = await waitFor(
      store('liveStream'),
      (s) => s.context.messages.some((message) => publishedIds.has(message.id)),
      { timeout: waitMs },
    )
    const message = streamed.context.messages.find((m) => publishedIds.has(m.id))
    if (!message) throw new Error('no published message in the live stream')

    // 20 running predictions (made elsewhere): the next one earns 20/21, the one after it 20/22
    const seededAt = await seedRunningPredictions(userId, seeded)
    const tagged = await reloadUntil(
      store('taggedMessages'),
      (s) => s.context.data.messages.length === seeded,
    )
    expect(tagged.context.data.rewardFactor).toBeCloseTo(rewardFactorFor(seeded))

    // tag: shown at once, then the server's copy and the new reward factor
    const latestPrice = selectLatestPrices(client.prices.getSnapshot().context).get(message.mainTitleId)
    if (latestPrice === undefined) throw new Error('no price for the message title')
    client.tag({
      userId,
      titleId: message.mainTitleId,
      messageId: message.id,
      trend: 'Up',
      atPrice: latestPrice,
      rewardFactor: tagged.context.data.rewardFactor,
    })
    expect(selectHasTagged(store('taggedMessages').getSnapshot().context, message.id)).toBe(true)
    await waitFor(client.predictions, (s) => s.context.queue.length === 0, { timeout: waitMs })
    const afterTag = store('taggedMessages').getSnapshot().context
    expect(afterTag.data.rewardFactor).toBeCloseTo(rewardFactorFor(seeded + 1))
    const prediction = afterTag.data.messages.find((m) => m.messageId === message.id)
    const row = await server.ctx.db
      .selectFrom('taggedMessages')
      .selectAll()
      .where('userId', '=', userId)
      .where('messageId', '=', message.id)
      .executeTakeFirstOrThrow()
    expect(prediction).toEqual({
      userId,
      titleId: message.mainTitleId,
      messageId: message.id,
      trend: 'Up',
      atPrice: row.atPrice,
      createdAt: row.createdAt,
      rewardFactor: row.rewardFactor,
    })
    expect(row.rewardFactor).toBeCloseTo(rewardFactorFor(seeded))
    // the seeded predictions were made first: theirs is the next evaluation
    expect(selectNextEvaluationTime(afterTag)).toBe(seededAt + evaluationDelayMs)
    // the tagged message leaves the live stream
    await waitFor(store('liveStream'), (s) => !s.context.messages.some((m) => m.id === message.id), {
      timeout: waitMs,
    })
    const running = await api.call('taggedMessagesPerformance')
    expect(running.total).toMatchObject({ trendsUp: seeded + 1, trendsDown: 0, correctlyTaggedMessages: 0 })

    // bet: shown at once, then the poll's results from the server
    const user = client.session.getSnapshot().context.user
    if (!isLoggedInUser(user)) throw new Error('signed out')
    expect(Math.round(user.wallet.balance * 100)).toBe(granted)
    client.placeBet({
      pollId: poll.pollId,
      userId,
      vote: 'up',
      wager: String(stake),
      balance: user.wallet.balance,
    })
    expect(selectHasBet(store('polls').getSnapshot().context, poll.pollId)).toBe(true)
    await waitFor(client.bet, (s) => s.context.queue.length === 0, { timeout: waitMs })
    const betPoll = selectPolls(store('polls').getSnapshot().context).find((p) => p.pollId === poll.pollId)
    expect(betPoll?.results).toEqual({
      numUsersBetUp: 1,
      numUsersBetFlat: 0,
      numUsersBetDown: 0,
      totalTtcBet: stake,
      ttcBetUp: stake,
      ttcBetFlat: 0,
      ttcBetDown: 0,
    })
    expect(betPoll?.votes).toMatchObject([{ pollId: poll.pollId, userId, vote: 'up', ttcBet: stake }])
    expect(store('polls').getSnapshot().context.data.localVotes).toEqual([])
    const vote = await server.ctx.db
      .selectFrom('votes')
      .selectAll()
      .where('pollId', '=', poll.pollId)
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
    expect(vote).toMatchObject({ vote: 'up', ttcBet: stake * 100 })
    expect(await balanceOf(server, userId)).toBe(granted - stake * 100)
    // the server's list shows the bet too, after a reload
    // (once the state cached before the bet is 5 s old)
    const relisted = await reloadUntil(
      store('polls'),
      (s) => selectPolls(s.context).find((p) => p.pollId === poll.pollId)?.results?.numUsersBetUp === 1,
    )
    expect(selectPolls(relisted.context).find((p) => p.pollId === poll.pollId)).toMatchObject({
      votes: [{ pollId: poll.pollId, userId, vote: 'up', ttcBet: stake }],
      results: { numUsersBetUp: 1, totalTtcBet: stake },
    })
    // the session's user after its refresh (the 10 s one, here forced) has the new balance
    client.session.send({ type: 'session.refresh', force: true })
    const refreshed = await waitFor(
      client.session,
      (s) =>
        s.matches('loggedIn') &&
        isLoggedInUser(s.context.user) &&
        Math.round(s.context.user.wallet.balance * 100) === granted - stake * 100,
      { timeout: waitMs },
    )
    expect(refreshed.context.user.rewardFactor).toBeCloseTo(rewardFactorFor(seeded + 1))

    // past the evaluation: the price rose, so the Up prediction is correct and pays its reward factor
    const dueAt = row.createdAt + evaluationDelayMs
    const evalPrice = row.atPrice + 1
    market.setPrice(row.titleId, dueAt - (dueAt % evaluationPriceGrainMs), evalPrice)
    await advanceClockTo(server, dueAt + 60_000)
    const evaluated = await reloadUntil(store('taggedMessages'), (s) =>
      s.context.data.messages.some((m) => m.messageId === message.id && m.evaluatedAt !== undefined),
    )
    const done = evaluated.context.data.messages.find((m) => m.messageId === message.id)
    expect(done).toMatchObject({ evalPrice, evaluatedAt: dueAt })
    if (!done) throw new Error('no evaluated prediction')
    expect(selectIsCorrect(done, selectLatestPrices(client.prices.getSnapshot().context))).toBe(true)
    // each prediction's lifecycle actor reports its completion to the store right after the data came
    const completed = await waitFor(
      store('taggedMessages'),
      (s) => selectPredictions(s.context, 'completed').length === seeded + 1,
      { timeout: waitMs },
    )
    expect(selectPredictions(completed.context, 'running')).toEqual([])
    expect(evaluated.context.data.rewardFactor).toBe(1)
    expect(await balanceOf(server, userId)).toBe(granted - stake * 100 + Math.round(row.rewardFactor * 100))

    // the performance store after its refresh; the poll's betting has closed by the client's clock
    client.refreshPerformance()
    const performance = await waitFor(client.performance, (s) => s.matches('ready'), { timeout: waitMs })
    expect(performance.context.data.predictions?.total).toMatchObject({
      trendsUp: seeded + 1,
      trendsDown: 0,
      correctlyTaggedMessages: 1,
    })
    expect(performance.context.data.predictions?.total.score).toBeCloseTo(row.rewardFactor)
    expect(performance.context.data.polls?.total).toMatchObject({ bets: 1, ttcStaked: stake })
    await waitFor(
      store('polls'),
      (s) => selectPolls(s.context).find((p) => p.pollId === poll.pollId)?.phase === 'closed',
      { timeout: waitMs },
    )
    expect(reports).toEqual([])
  })
})
