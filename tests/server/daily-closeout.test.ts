import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { suspendAccount } from '../../server/auth/suspension'
import { sendDailyCloseouts } from '../../server/game/daily-closeout'
import { evaluationPriceGrainMs } from '../../server/game/prediction-sql'
import { foldRankingDays } from '../../server/game/ranking-days'
import type { Mail } from '../../server/mail/mailer'
import { formatLongDate } from '../../src/domain/date-format'
import { formatTtc } from '../../src/domain/number-format'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { confirmEmailOf, type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bet, type Pair, PairSource, tag } from '../support/game'
import { day, hour } from '../support/game-fixtures'
import { HttpClient } from '../support/http-client'
import { listUnsubscribeUrl } from '../support/mail-links'
import {
  advanceTo,
  balanceOf,
  berlin,
  nextLocalTime,
  openNextPoll,
  PricedMarket,
  pricedMarket,
} from '../support/polls'
import { newPushBrowser, type PushTestServer, startServerWithPushService } from '../support/push-browser'
import type { RecordingServer } from '../support/recording-server'
import type { TestServer } from '../support/test-server'

/**
 * Settings' "Daily closeout by e-mail": once a day of the game's zone has ended and its rankings are
 * final, each player who asked for it and confirmed their address gets that day's results, once; nobody
 * else does, and nobody gets a closeout of a day when nothing happened to them.
 */
describe.each(dialects)('the daily closeout by e-mail and push on %s', (dialect) => {
  let started: PushTestServer
  let server: TestServer
  let pushService: RecordingServer
  let monday: number
  beforeAll(async () => {
    started = await startServerWithPushService(dialect, {
      market: (simulated) => new PricedMarket(simulated),
    })
    ;({ server, pushService } = started)
    monday = nextLocalTime(server.clock.now(), '09:00', [1])
    await advanceTo(server, monday)
  })
  afterAll(() => started?.stop())

  const closeoutsTo = (player: SignedUp) =>
    server.mailer.sent.filter(
      (mail) => mail.to === player.email && mail.subject.startsWith('Your Alpha closeout'),
    )
  const allCloseouts = () =>
    server.mailer.sent.filter((mail) => mail.subject.startsWith('Your Alpha closeout'))
  const linesOf = (mail: Mail | undefined) =>
    (mail?.text ?? '').split('\n').filter((line) => /^(Predictions|Polls|Won|Balance) /.test(line))
  const ttc = (hundredths: number, signed = false) => formatTtc(hundredths / 100, signed)

  async function setCloseout(player: SignedUp, email: boolean, push = false) {
    const answer = await player.client.patch('/v1/users/me/settings', {
      notifications: { dailyCloseout: { email, push } },
    })
    expect(answer.status).toBe(200)
  }

  /** Tags the pair and sets the price its evaluation reads: above or below the price it was made at. */
  async function predict(player: SignedUp, pair: Pair, trend: 'Up' | 'Down', priceThen: 'higher' | 'lower') {
    const { taggedMessage, rewardFactor } = await tag(player, pair, trend)
    const dueAt = taggedMessage.createdAt + evaluationDelayMs
    const moved = taggedMessage.atPrice * (priceThen === 'higher' ? 1.01 : 0.99)
    pricedMarket(server).setPrice(pair.titleId, dueAt - (dueAt % evaluationPriceGrainMs), moved)
    return Math.round(rewardFactor * 100)
  }

  it("sends Monday's results after midnight to the confirmed players who asked, once", async () => {
    const [alice, bob, carol, dave, erin] = [
      await signUpPlayer(server),
      await signUpPlayer(server),
      await signUpPlayer(server),
      await signUpPlayer(server),
      await signUpPlayer(server),
    ]
    for (const confirmed of [alice, bob, dave, erin]) await confirmEmailOf(server, confirmed)
    // carol asks but never confirms her address; bob asks and changes his mind; erin asks and is suspended
    for (const asking of [alice, carol, dave, bob, erin]) await setCloseout(asking, true)
    await setCloseout(bob, false)
    await suspendAccount(server.ctx.db, erin.username, server.clock.now())

    const pairs = await new PairSource(server).take(4)
    const [up1, up2, down, carols] = pairs
    if (!up1 || !up2 || !down || !carols) throw new Error('too few pairs')
    const credited =
      (await predict(alice, up1, 'Up', 'higher')) + (await predict(alice, down, 'Down', 'lower'))
    await predict(alice, up2, 'Up', 'lower')
    await predict(carol, carols, 'Up', 'higher')
    await predict(bob, { ...carols }, 'Up', 'higher')

    // the 14:00 poll: alice calls it (5 TTC up), bob does not (3 down): she takes his stake
    const poll = await openNextPoll(server, alice)
    await bet(alice, poll, 'up', 5)
    await bet(bob, poll, 'down', 3)
    pricedMarket(server).setPrice(poll.titleId, poll.evalTime, poll.priceBase * 1.01)

    // Monday 23:00: everything is decided, but the day has not ended
    await advanceTo(server, monday + 14 * hour)
    expect(allCloseouts()).toEqual([])

    await advanceTo(server, monday + 15 * hour + 5 * 60_000)
    const [mail, ...more] = closeoutsTo(alice)
    expect(more).toEqual([])
    expect(mail?.subject).toBe(`Your Alpha closeout for ${formatLongDate(monday, berlin)}`)
    const balance = await balanceOf(server, alice.user.id)
    expect(linesOf(mail)).toEqual([
      'Predictions judged: 2 of 3 calls right.',
      'Polls settled: you won 1 of 1 bet.',
      `Won in the game today: ${ttc(credited + 300, true)}.`,
      // she signed up on Monday: her whole balance came that day
      `Balance at the end of the day: ${ttc(balance)} (${ttc(balance, true)} today).`,
    ])
    expect(listUnsubscribeUrl(mail?.headers?.['List-Unsubscribe']).pathname).toBe('/v1/mail/unsubscribe')
    // dave only signed up: his grant is what happened to him
    expect(linesOf(closeoutsTo(dave)[0])).toEqual([
      `Balance at the end of the day: ${ttc(await balanceOf(server, dave.user.id))} (${ttc(
        await balanceOf(server, dave.user.id),
        true,
      )} today).`,
    ])
    expect(closeoutsTo(bob)).toEqual([])
    expect(closeoutsTo(carol)).toEqual([])
    // she signed up that day too, like dave, but the game tells a suspended player nothing
    expect(closeoutsTo(erin)).toEqual([])

    // the passes after it send nothing again
    await advanceTo(server, monday + 15 * hour + 30 * 60_000)
    expect(allCloseouts()).toHaveLength(2)

    // Tuesday: alice unsubscribes from the mail itself and plays on; dave does nothing
    const oneClick = listUnsubscribeUrl(mail?.headers?.['List-Unsubscribe'])
    const unsubscribed = await new HttpClient(server.url).post(
      `${oneClick.pathname}${oneClick.search}`,
      'List-Unsubscribe=One-Click',
      { bare: true, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    )
    expect(unsubscribed.status).toBe(200)
    const [tuesdays] = await new PairSource(server, []).take(1)
    if (!tuesdays) throw new Error('no pair')
    await predict(alice, tuesdays, 'Up', 'higher')
    await advanceTo(server, monday + day + 15 * hour + 5 * 60_000)
    expect(allCloseouts()).toHaveLength(2)
  })

  it('stops a pass at a failed mail and hands its closeout and the rest back to the next pass', async () => {
    const [erin, frank] = [await signUpPlayer(server), await signUpPlayer(server)]
    const pairs = await new PairSource(server).take(2)
    for (const [player, pair] of [erin, frank].map((p, i) => [p, pairs[i]] as const)) {
      if (!pair) throw new Error('no pair')
      await confirmEmailOf(server, player)
      await setCloseout(player, true)
      await predict(player, pair, 'Down', 'lower')
    }
    const working = server.ctx.mailer
    let refused = 0
    server.ctx.mailer = {
      async send(mail) {
        if (!mail.subject.startsWith('Your Alpha closeout')) return working.send(mail)
        refused += 1
        throw new Error('the SMTP server is down')
      },
      close: () => {},
    }
    const midnight = nextLocalTime(server.clock.now(), '00:05')
    await advanceTo(server, midnight)
    // one try, not one per player: the mail server is likely down for all of them
    expect(refused).toBe(1)
    expect([...closeoutsTo(erin), ...closeoutsTo(frank)]).toEqual([])

    server.ctx.mailer = working
    await advanceTo(server, midnight + 1000)
    for (const player of [erin, frank]) {
      expect(closeoutsTo(player)).toHaveLength(1)
      expect(linesOf(closeoutsTo(player)[0])[0]).toBe('Predictions judged: 1 of 1 call right.')
    }
  })

  it('pushes the closeout to the browsers of a player who asked for it as a push notification', async () => {
    const [greta, hank] = [await signUpPlayer(server), await signUpPlayer(server)]
    const [gretasBrowser, hanksBrowser] = [newPushBrowser(pushService), newPushBrowser(pushService)]
    for (const [player, browser] of [
      [greta, gretasBrowser],
      [hank, hanksBrowser],
    ] as const)
      expect((await player.client.put('/v1/push/subscription', browser.subscription)).status).toBe(204)
    // greta wants it only as a push (no confirmed address needed); hank wants it by e-mail only
    await setCloseout(greta, false, true)
    await confirmEmailOf(server, hank)
    await setCloseout(hank, true, false)
    const [pair, hanks] = await new PairSource(server).take(2)
    if (!pair || !hanks) throw new Error('no pair')
    await predict(greta, pair, 'Up', 'higher')
    await predict(hank, hanks, 'Up', 'higher')
    const playedOn = server.clock.now()

    await advanceTo(server, nextLocalTime(server.clock.now(), '00:05'))
    const [pushed, ...more] = gretasBrowser.received().map((request) => gretasBrowser.read(request))
    expect(more).toEqual([])
    expect(pushed?.title).toBe(`Your Alpha closeout for ${formatLongDate(playedOn, berlin)}`)
    expect(pushed?.body).toContain('Predictions judged: 1 of 1 call right.')
    expect(closeoutsTo(greta)).toEqual([])
    expect(hanksBrowser.received()).toEqual([])
    expect(closeoutsTo(hank)).toHaveLength(1)

    await advanceTo(server, server.clock.now() + 30 * 60_000)
    expect(gretasBrowser.received()).toHaveLength(1)
  })
})

describe.each(dialects)('a pass of the daily closeout on %s', (dialect) => {
  let started: PushTestServer
  let server: TestServer
  let pushService: RecordingServer
  beforeAll(async () => {
    started = await startServerWithPushService(dialect)
    ;({ server, pushService } = started)
  })
  afterAll(() => started?.stop())

  it('works out and counts no closeout for a player who wants it only as a push and has no browser', async () => {
    const [withBrowser, without] = [await signUpPlayer(server), await signUpPlayer(server)]
    const browser = newPushBrowser(pushService)
    expect((await withBrowser.client.put('/v1/push/subscription', browser.subscription)).status).toBe(204)
    for (const player of [withBrowser, without]) {
      const asked = await player.client.patch('/v1/users/me/settings', {
        notifications: { dailyCloseout: { email: false, push: true } },
      })
      expect(asked.status).toBe(200)
    }
    // both signed up today (their grant is what happened to them); the day's jobs have run
    const midnight = nextLocalTime(server.clock.now(), '00:00')
    await advanceTo(server, midnight - 60_000)
    // after midnight the rankings are folded, and one pass sends the closeouts (the job's, called here)
    server.clock.advance(5 * 60_000 + 60_000)
    await foldRankingDays(server.ctx, server.clock.now())
    expect(await sendDailyCloseouts(server.ctx, server.clock.now())).toBe(1)
    expect(browser.received()).toHaveLength(1)
  })
})
