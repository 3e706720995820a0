import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '~/api/client'
import { guestUser, isLoggedInUser } from '~/api/guest-user'
import type { Notice } from '~/machines/notices'
import { routingOf, sessionMachine } from '~/machines/session.machine'
import { loginRouteFor, routeFor } from '~/machines/session.routes'
import type { Credentials, SessionEmitted, SignedIn } from '~/machines/session.types'
import { authUser, settingsOf, settle } from '../support/client-fixtures'

interface Deferred<T> {
  resolve(value: T): void
  reject(error: unknown): void
}

/** The session with fake calls (its announcements reach listeners after the step's actions) the test settles, recording every action the machine takes. */
function start(input?: Parameters<typeof createActor<typeof sessionMachine>>[1]) {
  const fetches: Deferred<SignedIn | null>[] = []
  const signIns: (Deferred<SignedIn> & { input: Credentials })[] = []
  const logouts: Deferred<void>[] = []
  const log: unknown[] = []
  const machine = sessionMachine.provide({
    actors: {
      fetchAuthInfo: fromPromise<SignedIn | null>(
        () => new Promise((resolve, reject) => fetches.push({ resolve, reject })),
      ),
      signIn: fromPromise<SignedIn, Credentials>(
        ({ input }) => new Promise((resolve, reject) => signIns.push({ resolve, reject, input })),
      ),
      postLogout: fromPromise<void>(() => {
        log.push('postLogout')
        return new Promise((resolve, reject) => logouts.push({ resolve, reject }))
      }),
    },
    actions: {
      clearStoredVotes: () => log.push('clearStoredVotes'),
      clearStoredTaggedMessages: () => log.push('clearStoredTaggedMessages'),
      routeBySession: (_, routing) => log.push({ route: routing }),
      notify: (_, notice: Notice) => log.push({ notice }),
    },
  })
  const actor = createActor(machine, input ?? { input: {} })
  actor.on('session.changed', (event: SessionEmitted) => log.push({ emit: event }))
  actor.start()
  return { actor, fetches, signIns, logouts, log }
}

const alice = authUser()
const changed = (user: { id: number; websocketCredentials: string }) => ({
  emit: {
    type: 'session.changed',
    loggedIn: isLoggedInUser(user),
    userId: user.id,
    websocketCredentials: user.websocketCredentials,
  },
})

describe('the guest placeholder', () => {
  it("has the spec's fields", () => {
    expect(guestUser).toEqual({
      id: -1,
      username: 'guest',
      websocketCredentials: '',
      rank: 0,
      liveRank: 0,
      taggedMessages: [],
      wallets: [],
      wallet: { privkey: '', address: '', balance: 0, createdAt: 0 },
      accessToken: '',
      rewardFactor: 0,
    })
    expect(isLoggedInUser(guestUser)).toBe(false)
    expect(isLoggedInUser(alice)).toBe(true)
  })
})

describe('the session machine', () => {
  it('starts as the guest and becomes the user the auth info names', async () => {
    const { actor, fetches, log } = start()
    expect(actor.getSnapshot().value).toEqual({ guest: 'unknown' })
    expect(actor.getSnapshot().context.user).toBe(guestUser)
    actor.send({ type: 'session.refresh' })
    expect(actor.getSnapshot().value).toBe('fetching')
    fetches[0]?.resolve({ user: alice, settings: settingsOf(false) })
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'loggedIn', context: { user: alice } })
    expect(log).toEqual([{ route: { loggedIn: true, firstTime: false } }, changed(alice)])
  })

  it('stays the guest when nobody is signed in, telling nobody', async () => {
    const { actor, fetches, log } = start()
    actor.send({ type: 'session.refresh', force: true })
    fetches[0]?.resolve(null)
    await settle()
    expect(actor.getSnapshot().value).toEqual({ guest: 'known' })
    expect(log).toEqual([{ route: { loggedIn: false, firstTime: false } }])
  })

  it('looks a guest up again only when forced once the server has answered; after a failure on any ask', async () => {
    const { actor, fetches } = start()
    actor.send({ type: 'session.refresh' })
    fetches[0]?.reject(new ApiError(0, 'network_error', 'The server could not be reached.'))
    await settle()
    expect(actor.getSnapshot().value).toEqual({ guest: 'unknown' })
    // nobody answered: the next look-up asks again
    actor.send({ type: 'session.refresh' })
    expect(fetches).toHaveLength(2)
    fetches[1]?.resolve(null)
    await settle()
    // the server said nobody is signed in: a look-up (the game's boot after the page's) takes that
    actor.send({ type: 'session.refresh' })
    expect(fetches).toHaveLength(2)
    expect(actor.getSnapshot().value).toEqual({ guest: 'known' })
    // entering the sign-in page forces it (another tab may have signed in)
    actor.send({ type: 'session.refresh', force: true })
    expect(fetches).toHaveLength(3)
  })

  it('fetches again when signed in only if forced; a running fetch answers the second ask', async () => {
    const { actor, fetches, log } = start({ input: { user: alice } })
    expect(actor.getSnapshot().value).toBe('loggedIn')
    actor.send({ type: 'session.refresh' })
    expect(fetches).toHaveLength(0)
    actor.send({ type: 'session.refresh', force: true })
    actor.send({ type: 'session.refresh', force: true })
    expect(fetches).toHaveLength(1)
    const renewed = authUser({ websocketCredentials: 'ws-alice-2', rewardFactor: 0.5 })
    fetches[0]?.resolve({ user: renewed, settings: settingsOf(false) })
    await settle()
    expect(actor.getSnapshot().context.user).toEqual(renewed)
    expect(log).toEqual([{ route: { loggedIn: true, firstTime: false } }, changed(renewed)])
  })

  it('keeps the user and warns when the auth info cannot be fetched', async () => {
    const { actor, fetches, log } = start({ input: { user: alice } })
    actor.send({ type: 'session.refresh', force: true })
    fetches[0]?.reject(new ApiError(0, 'network_error', 'The server could not be reached.'))
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'loggedIn', context: { user: alice } })
    expect(log).toEqual([
      { notice: { kind: 'warning', message: 'Error fetching auth info!', key: 'auth_info_failed' } },
    ])
  })

  it('ends the session the server ended, clearing what the user stored', async () => {
    const { actor, fetches, log } = start({ input: { user: alice } })
    actor.send({ type: 'session.refresh', force: true })
    fetches[0]?.resolve(null)
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: { guest: 'known' }, context: { user: guestUser } })
    expect(log).toEqual([
      'clearStoredVotes',
      'clearStoredTaggedMessages',
      { route: { loggedIn: false, firstTime: false } },
      changed(guestUser),
    ])
  })

  it('signs in with what the player typed and routes a first-time user', async () => {
    const { actor, signIns, log } = start()
    actor.send({ type: 'session.login', login: 'alice', password: 'correct horse battery' })
    expect(signIns[0]?.input).toEqual({ login: 'alice', password: 'correct horse battery' })
    signIns[0]?.resolve({ user: alice, settings: settingsOf(true) })
    await settle()
    expect(actor.getSnapshot().value).toBe('loggedIn')
    expect(routingOf(actor.getSnapshot().context)).toEqual({ loggedIn: true, firstTime: true })
    expect(log).toEqual([{ route: { loggedIn: true, firstTime: true } }, changed(alice)])
  })

  it('keeps a refused sign-in as its error for the form to show, with no notice of its own', async () => {
    const { actor, signIns, log } = start()
    const wrong = new ApiError(401, 'invalid_credentials', 'Wrong e-mail, username or password.')
    actor.send({ type: 'session.login', login: 'alice', password: 'wrong password' })
    signIns[0]?.reject(wrong)
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: { guest: 'known' }, context: { error: wrong } })
    expect(log).toEqual([])
  })

  it('logs out locally first: guest, stored votes and tagged messages cleared, then the logout call', async () => {
    const { actor, logouts, log } = start({ input: { user: alice, settings: settingsOf(false) } })
    actor.send({ type: 'session.logout' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'loggingOut', context: { user: guestUser } })
    expect(actor.getSnapshot().context.settings).toBeUndefined()
    expect(log).toEqual([
      'clearStoredVotes',
      'clearStoredTaggedMessages',
      { route: { loggedIn: false, firstTime: false } },
      changed(guestUser),
      'postLogout',
    ])
    logouts[0]?.reject(new Error('offline'))
    await settle()
    expect(actor.getSnapshot().value).toEqual({ guest: 'known' })
  })

  it('logs out while a refresh runs, and the refresh no longer counts', async () => {
    const { actor, fetches, log } = start({ input: { user: alice } })
    actor.send({ type: 'session.refresh', force: true })
    actor.send({ type: 'session.logout' })
    expect(actor.getSnapshot().value).toBe('loggingOut')
    fetches[0]?.resolve({ user: alice })
    await settle()
    expect(actor.getSnapshot().context.user).toBe(guestUser)
    expect(log.filter((entry) => typeof entry === 'object' && entry && 'emit' in entry)).toEqual([
      changed(guestUser),
    ])
  })

  it('takes new settings and user fields while signed in', () => {
    const { actor, log } = start({ input: { user: alice, settings: settingsOf(true) } })
    actor.send({ type: 'session.settingsChanged', settings: settingsOf(false) })
    actor.send({ type: 'session.userPatched', patch: { rewardFactor: 0.25 } })
    expect(actor.getSnapshot().context.user).toMatchObject({ id: 7, rewardFactor: 0.25 })
    expect(log).toEqual([{ route: { loggedIn: true, firstTime: false } }])
  })
})

describe('routeFor (spec §2 rules 1 to 3)', () => {
  const guest = { loggedIn: false, firstTime: false }
  const player = { loggedIn: true, firstTime: false }
  const newcomer = { loggedIn: true, firstTime: true }

  it('1. sends a visitor to the login route with the wanted path in next, public routes excepted', () => {
    expect(routeFor('/polls/finished?x=1', guest)).toBe('/account/signin?next=%2Fpolls%2Ffinished%3Fx%3D1')
    expect(routeFor('/', guest)).toBe('/account/signin?next=%2F')
    for (const route of [
      '/account/signin?next=%2Fpolls',
      '/account/reset-password?userId=1&validUntil=2&sgn=x',
      '/account/confirm-email?userId=1',
      '/account/change-email?userId=1&email=a%40b.test&validUntil=2&sgn=x',
      '/account/unsubscribe-from-email',
      '/coming-soon',
      '/error',
    ])
      expect(routeFor(route, guest)).toBe(route)
  })

  it('2. sends a first-time user to the welcome route with the wanted path in next', () => {
    expect(routeFor('/polls', newcomer)).toBe('/welcome?next=%2Fpolls')
    expect(routeFor('/welcome?next=%2Fpolls', newcomer)).toBe('/welcome?next=%2Fpolls')
    expect(routeFor('/account/signin?next=%2Frankings', newcomer)).toBe('/welcome?next=%2Frankings')
    expect(routeFor('/error', newcomer)).toBe('/error')
    expect(routeFor('/polls', player)).toBe('/polls')
  })

  it('3. sends a visitor of a route that requires authentication to login with redirect (in SPA mode too)', () => {
    expect(routeFor('/settings', guest, { spaMode: false })).toBe('/account/signin?redirect=%2Fsettings')
    expect(routeFor('/polls', guest, { spaMode: false })).toBe('/polls')
    expect(routeFor('/settings', guest)).toBe('/account/signin?redirect=%2Fsettings')
    expect(routeFor('/settings', player)).toBe('/settings')
  })

  it('sends a signed-in visitor of the sign-in page on to next, redirect or the index; never off the app', () => {
    expect(routeFor('/account/signin', player)).toBe('/')
    expect(routeFor('/account/signin?next=%2Fpolls', player)).toBe('/polls')
    expect(routeFor('/account/signin?redirect=%2Fsettings', player)).toBe('/settings')
    expect(routeFor('/account/login-successful', player)).toBe('/')
    expect(routeFor('/account/signin?next=https%3A%2F%2Fevil.example', player)).toBe('/')
    expect(routeFor('/account/signin?next=%2F%2Fevil.example', player)).toBe('/')
  })

  it('remembers the place in the login route of the socket logout', () => {
    expect(loginRouteFor('/polls?tab=1')).toBe('/account/signin?next=%2Fpolls%3Ftab%3D1')
    expect(loginRouteFor('/account/signin?next=%2F')).toBe('/account/signin?next=%2F')
  })
})
