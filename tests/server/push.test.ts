import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { pushKeyPath, pushSubscriptionPath } from '../../server/http/push.routes'
import type { PushSubscriptionBody } from '../../src/api/push'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { metricSample } from '../support/metrics-text'
import {
  newPushBrowser,
  type PushBrowser,
  type PushTestServer,
  startServerWithPushService,
} from '../support/push-browser'
import type { RecordingServer } from '../support/recording-server'
import type { TestServer } from '../support/test-server'

/**
 * Settings' "Important messages as push notification": a browser subscribes for the signed-in player;
 * the news reaches it through its push service, encrypted for that browser alone and signed with the
 * server's VAPID key; signing out, a push service that forgot the browser, or turning push off ends it.
 */
describe.each(dialects)('web push on %s', (dialect) => {
  let started: PushTestServer
  let pushService: RecordingServer
  let server: TestServer
  beforeAll(async () => {
    started = await startServerWithPushService(dialect)
    ;({ server, pushService } = started)
  })
  afterAll(() => started?.stop())

  const subscribe = (player: SignedUp, subscription: PushSubscriptionBody) =>
    player.client.put(pushSubscriptionPath, subscription)
  /** a friend signs up with one of the player's invitations: the inviter's important message */
  const friendOf = (inviter: SignedUp) =>
    signUpPlayer(server, { invitationCode: inviter.user.invitationCodes[0]?.code })
  /** the endpoints the server keeps for the player */
  const endpointsOf = async (player: SignedUp) =>
    (
      await server.ctx.db
        .selectFrom('pushSubscriptions')
        .select('endpoint')
        .where('userId', '=', player.user.id)
        .execute()
    ).map((row) => row.endpoint)
  /** push_messages_total of the result, as GET /metrics reports it */
  const pushMetric = async (result: 'sent' | 'gone' | 'failed') =>
    metricSample(await server.ctx.metrics.render(), `push_messages_total{result="${result}"} `) ?? 0
  const pushedTo = async (browser: PushBrowser, count: number) => {
    await vi.waitFor(() => expect(browser.received()).toHaveLength(count))
    return browser.received().map((request) => browser.read(request))
  }

  it("pushes an important message to the player's browser, encrypted for it and signed by the server", async () => {
    const { body: key } = await new HttpClient(server.url).get<{ publicKey: string }>(pushKeyPath)
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65)

    const alice = await signUpPlayer(server)
    const browser = newPushBrowser(pushService)
    expect((await subscribe(alice, browser.subscription)).status).toBe(204)
    const sentBefore = await pushMetric('sent')
    const friend = await friendOf(alice)

    const [payload] = await pushedTo(browser, 1)
    // operators see it: one more message the push service took
    await vi.waitFor(async () => expect(await pushMetric('sent')).toBe(sentBefore + 1))
    expect(payload).toEqual({
      title: `${friend.username} joined Alpha with your invitation`,
      body: `${friend.username} signed up with your invitation.`,
      url: '/',
      tag: `${friend.username} joined Alpha with your invitation`,
    })
    const [request] = browser.received()
    expect(request?.headers['content-encoding']).toBe('aes128gcm')
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0)
    // VAPID (RFC 8292): a JWT for the push service's origin, with the key the browser subscribed with
    expect(request?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.publicKey}$`),
    )
  })

  it('sends nothing to a player who turned push off, nor after signing out', async () => {
    const quiet = await signUpPlayer(server)
    const quietBrowser = newPushBrowser(pushService)
    expect((await subscribe(quiet, quietBrowser.subscription)).status).toBe(204)
    const off = await quiet.client.patch('/v1/users/me/settings', {
      notifications: { importantMessages: { push: false } },
    })
    expect(off.status).toBe(200)

    const leaving = await signUpPlayer(server)
    const leftBrowser = newPushBrowser(pushService)
    expect((await subscribe(leaving, leftBrowser.subscription)).status).toBe(204)
    expect((await leaving.client.post('/v1/auth/logout')).status).toBe(204)

    // a third inviter's friend proves the sign-ups' messages went out by now
    const watcher = await signUpPlayer(server)
    const watcherBrowser = newPushBrowser(pushService)
    await subscribe(watcher, watcherBrowser.subscription)
    await friendOf(quiet)
    await friendOf(leaving)
    await friendOf(watcher)
    await pushedTo(watcherBrowser, 1)
    expect([...quietBrowser.received(), ...leftBrowser.received()]).toEqual([])
    expect(await endpointsOf(leaving)).toEqual([])
  })

  it('forgets a browser its push service no longer knows (410), and moves a browser to who signs in on it', async () => {
    const bob = await signUpPlayer(server)
    const browser = newPushBrowser(pushService)
    await subscribe(bob, browser.subscription)
    pushService.reply(`POST ${new URL(browser.subscription.endpoint).pathname}`, { status: 410, body: '' })
    const goneBefore = await pushMetric('gone')
    await friendOf(bob)
    await vi.waitFor(() => expect(browser.received()).toHaveLength(1))
    await vi.waitFor(async () => expect(await endpointsOf(bob)).toEqual([]))
    await vi.waitFor(async () => expect(await pushMetric('gone')).toBe(goneBefore + 1))

    // one browser, two players in turn: the news goes to who subscribed it last
    const shared = newPushBrowser(pushService)
    const [first, second] = [await signUpPlayer(server), await signUpPlayer(server)]
    await subscribe(first, shared.subscription)
    await subscribe(second, shared.subscription)
    await friendOf(first)
    const secondsFriend = await friendOf(second)
    const [payload, ...more] = await pushedTo(shared, 1)
    expect(payload?.title).toBe(`${secondsFriend.username} joined Alpha with your invitation`)
    expect(more).toEqual([])
  })

  it('keeps one subscription per session: a new one replaces the old, so news cannot fan out', async () => {
    const dora = await signUpPlayer(server)
    const browsers = [newPushBrowser(pushService), newPushBrowser(pushService), newPushBrowser(pushService)]
    for (const browser of browsers) expect((await subscribe(dora, browser.subscription)).status).toBe(204)
    const kept = await endpointsOf(dora)
    expect(kept).toEqual([browsers[2]?.subscription.endpoint])
    await friendOf(dora)
    const [last] = browsers.slice(-1)
    if (!last) throw new Error('no browser')
    await pushedTo(last, 1)
    expect([...(browsers[0]?.received() ?? []), ...(browsers[1]?.received() ?? [])]).toEqual([])
  })

  it('refuses a push service it does not send to, bad keys and guests, and saves nothing', async () => {
    const carol = await signUpPlayer(server)
    const { subscription } = newPushBrowser(pushService)
    const elsewhere = await subscribe(carol, { ...subscription, endpoint: 'http://127.0.0.1:6379/anything' })
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.body).toMatchObject({
      error: { code: 'validation_failed', fields: { endpoint: expect.any(String) } },
    })
    const badKey = await subscribe(carol, {
      ...subscription,
      keys: { ...subscription.keys, p256dh: 'short' },
    })
    expect(badKey.status).toBe(400)
    // PostgreSQL text cannot hold U+0000: refused as bad input, never a 500
    const nul = `${subscription.endpoint}\u0000`
    expect((await subscribe(carol, { ...subscription, endpoint: nul })).status).toBe(400)
    expect((await carol.client.delete(pushSubscriptionPath, { endpoint: nul })).status).toBe(400)
    const guest = await new HttpClient(server.url).put(pushSubscriptionPath, subscription)
    expect(guest.status).toBe(401)
    expect(await endpointsOf(carol)).toEqual([])

    expect((await subscribe(carol, subscription)).status).toBe(204)
    const removed = await carol.client.delete(pushSubscriptionPath, { endpoint: subscription.endpoint })
    expect(removed.status).toBe(204)
    expect(await endpointsOf(carol)).toEqual([])
  })
})
