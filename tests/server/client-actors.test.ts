import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import { type ClientCore, startClientCore } from '../../src/actors/client-core'
import * as gameModule from '../../src/actors/client-game-start'
import type { ErrorReport } from '../../src/actors/error-reporting'
import { type ApiClient, createApiClient } from '../../src/api/client'
import type { Tick } from '../../src/api/market'
import { titleIds } from '../../src/domain/default-watch-list'
import { storeNames, storeSystemId } from '../../src/machines/app-boot.types'
import type { SocketEmitted } from '../../src/machines/socket.types'
import { newInvitationCode, uniqueName } from '../support/accounts'
import { browserFetch } from '../support/browser-fetch'
import { fakeNavigator } from '../support/client-fixtures'
import { dialects } from '../support/databases'
import { DrivenMarket } from '../support/driven-market'
import { startTestServer, type TestServer } from '../support/test-server'

const { apple, tesla } = titleIds
const waitMs = 10_000

/**
 * The real client core (session, socket with socket.io-client, boot with its stores, notifications)
 * against a started server: sign up through the API client, boot, authorize and subscribe the socket,
 * receive ticks; a logout elsewhere then ends in the socket's logout.
 */
describe.each(dialects)('the client actors against the server on %s', (dialect) => {
  let server: TestServer
  let market: DrivenMarket
  let core: ClientCore | undefined

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      market: (simulated) => {
        market = new DrivenMarket(simulated)
        return market
      },
    })
  })
  afterEach(async () => {
    if (core) await settled(core)
    core?.stop()
    core = undefined
  })
  afterAll(() => server.stop())

  /**
   * Waits for the calls in flight (store loads, the session's), so that stopping the actors or a
   * logout (which resets the stores) aborts none of them.
   */
  async function settled(core: ClientCore) {
    await waitFor(core.session, (snapshot) => snapshot.matches('guest') || snapshot.matches('loggedIn'), {
      timeout: waitMs,
    })
    await core.ready
    for (const name of storeNames) {
      const store = core.game().boot.system.get(storeSystemId(name))
      await waitFor(store, (snapshot) => !snapshot.matches('loading'), { timeout: waitMs })
    }
  }

  /** A browser's API client: cookies kept, Origin sent, as the SPA on the server's origin. */
  function browserApi(): ApiClient {
    return createApiClient({ baseUrl: server.url, appVersion: 'test', fetch: browserFetch(server.url).fetch })
  }

  async function signUp(api: ApiClient) {
    const username = uniqueName('client')
    return api.call('signUp', {
      body: {
        invitationCode: await newInvitationCode(server),
        email: `${username}@example.test`,
        username,
        password: 'correct horse battery staple',
        acceptTerms: true,
      },
    })
  }

  function start(api: ApiClient, at = '/polls') {
    const router = fakeNavigator(at)
    const reports: ErrorReport[] = []
    const cleared: string[] = []
    const emitted: SocketEmitted[] = []
    core = startClientCore({
      // given, not imported lazily: the socket is there to listen to at once
      game: gameModule,
      api,
      navigate: router.navigator,
      reporter: { report: (report) => reports.push(report) },
      // no Origin from Node's websocket: the server accepts clients without one
      socket: { url: server.url, options: { reconnectionDelay: 50, reconnectionDelayMax: 100 } },
      window: new EventTarget(),
      storedUserData: {
        clearVotes: () => cleared.push('votes'),
        clearTaggedMessages: () => cleared.push('taggedMessages'),
      },
    })
    core.game().socket.on('*', (event) => emitted.push(event))
    return { core, router, reports, cleared, emitted }
  }

  it('boots a signed-up player, subscribes to every title and receives their ticks', async () => {
    const api = browserApi()
    const user = await signUp(api)
    const { core, router, emitted } = start(api)

    // the boot is created and started with the lazily loaded game module
    await core.ready
    await waitFor(core.game().boot, (snapshot) => snapshot.matches('running'), { timeout: waitMs })
    expect(core.session.getSnapshot().context.user).toMatchObject({ id: user.id, username: user.username })
    // a new player is first-time: sent to the welcome route, remembering where they were
    expect(router.moves).toEqual([{ to: '/welcome?next=%2Fpolls', replace: true }])

    // the title-info store loads the universe; the socket then subscribes for every title
    const titles = core.game().boot.system.get(storeSystemId('titleInfo'))
    await waitFor(titles, (snapshot) => snapshot.matches('ready'), { timeout: waitMs })
    const subscribed = await waitFor(
      core.game().socket,
      (snapshot) => snapshot.matches({ live: 'subscribed' }) && snapshot.context.requested.includes(apple),
      { timeout: waitMs },
    )
    expect(subscribed.context.requested.length).toBe(market.titles().length)
    const latest = emitted.findLast((event) => event.type === 'realtime.ticks')
    expect(latest).toMatchObject({
      type: 'realtime.ticks',
      ticks: { [apple]: expect.objectContaining({ s: 'sp' }) },
    })

    const ticks = new Promise<Tick[]>((resolve) => {
      const seen: Tick[] = []
      core.game().socket.on('realtime.ticked', ({ ticks }) => {
        seen.push(...ticks)
        if (seen.length === 2) resolve(seen)
      })
    })
    const t = server.clock.now()
    const sent = [market.tickOf(apple, t + 1), market.tickOf(tesla, t + 2, 3)]
    for (const tick of sent) market.emitTick(tick)
    expect(await ticks).toEqual(sent)
  })

  it('logs out through the socket when the session ends elsewhere', async () => {
    const api = browserApi()
    await signUp(api)
    const { core, router, cleared } = start(api, '/rankings')
    await waitFor(core.game().socket, (snapshot) => snapshot.matches({ live: 'subscribed' }), {
      timeout: waitMs,
    })
    router.visit('/rankings')
    await settled(core)

    // the same session logs out in another tab: the server disconnects the socket
    await api.call('logout')

    await waitFor(core.game().socket, (snapshot) => snapshot.matches('loggedOut'), { timeout: waitMs })
    expect(core.session.getSnapshot().matches('guest')).toBe(true)
    expect(cleared).toEqual(['votes', 'taggedMessages'])
    expect(router.where()).toBe('/account/signin?next=%2Frankings')
    expect(core.notifications.getSnapshot().context.notices).toContainEqual(
      expect.objectContaining({
        kind: 'negative',
        message: 'Socket authorize failed and you have been logged out.',
        key: 'socket_authorize_failed',
      }),
    )
  })

  it('signs in through the session machine and connects the socket', async () => {
    const api = browserApi()
    const user = await signUp(api)
    await api.call('logout')
    const { core } = start(api, '/')
    // the boot is created and started with the lazily loaded game module
    await core.ready
    await waitFor(core.game().boot, (snapshot) => snapshot.matches('running'), { timeout: waitMs })
    expect(core.session.getSnapshot().matches('guest')).toBe(true)
    expect(core.game().socket.getSnapshot().value).toBe('disconnected')

    core.session.send({
      type: 'session.login',
      login: user.username,
      password: 'correct horse battery staple',
    })
    await waitFor(core.game().socket, (snapshot) => snapshot.matches({ live: 'subscribed' }), {
      timeout: waitMs,
    })
    expect(core.session.getSnapshot().context.user).toMatchObject({ id: user.id })
    const userStore = core.game().boot.system.get(storeSystemId('user'))
    await waitFor(userStore, (snapshot) => snapshot.matches('ready'), { timeout: waitMs })
    expect(userStore.getSnapshot().context.data).toMatchObject({ id: user.id, username: user.username })

    await settled(core)
    core.session.send({ type: 'session.logout' })
    await waitFor(core.game().socket, (snapshot) => snapshot.matches('disconnected'), { timeout: waitMs })
    await waitFor(core.session, (snapshot) => snapshot.matches('guest'), { timeout: waitMs })
    await expect(api.call('authInfo')).rejects.toMatchObject({ status: 401 })
  })
})
