import { describe, expect, it } from 'vitest'
import { type AnyActorRef, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate'
import { defaultStoreLoaders, provideAppBoot } from '~/actors/app-boot.actors'
import type { ApiClient } from '~/api/client'
import { appBootMachine } from '~/machines/app-boot.machine'
import {
  type AuthUserFetched,
  refreshIntervalMs,
  type StoreName,
  storeActorId,
  storeNames,
  storeSystemId,
} from '~/machines/app-boot.types'
import { readsOver, settle } from '../support/client-fixtures'

/** The boot machine with stand-in stores that record what they are told, on a simulated clock. */
function start() {
  const clock = new SimulatedClock()
  const told: { store: StoreName; event: unknown }[] = []
  const log: string[] = []
  const fetches: { resolve(value: AuthUserFetched): void; reject(error: unknown): void }[] = []
  const stores = Object.fromEntries(
    storeNames.map((store) => [
      storeActorId(store),
      fromCallback(({ receive }) => receive((event) => told.push({ store, event }))),
    ]),
  )
  const machine = appBootMachine.provide({
    actors: {
      fetchAuthUser: fromPromise<AuthUserFetched>(
        () => new Promise((resolve, reject) => fetches.push({ resolve, reject })),
      ),
      ...(stores as object),
    },
    actions: { refreshAuthUser: () => log.push('refreshAuthUser') },
  })
  const actor = createActor(machine, { clock }).start()
  const take = () => told.splice(0)
  return { actor, clock, fetches, log, take }
}

const toAll = (event: unknown, names: readonly StoreName[] = storeNames) =>
  names.map((store) => ({ store, event }))

describe('the app boot machine', () => {
  it('fetches the user first, then tells and initializes the seven stores', async () => {
    const { actor, fetches, take } = start()
    expect(actor.getSnapshot().value).toBe('fetchingUser')
    expect(fetches).toHaveLength(1)
    expect(take()).toEqual([])
    fetches[0]?.resolve({ loggedIn: true })
    await settle()
    expect(actor.getSnapshot().value).toBe('running')
    expect(take()).toEqual([
      ...toAll({ type: 'session.changed', loggedIn: true }),
      ...toAll({ type: 'store.initialize' }),
    ])
  })

  it('starts as a guest when the user cannot be fetched', async () => {
    const { actor, fetches, take } = start()
    fetches[0]?.reject(new Error('offline'))
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'running', context: { loggedIn: false } })
    expect(take()).toEqual([
      ...toAll({ type: 'session.changed', loggedIn: false }),
      ...toAll({ type: 'store.initialize' }),
    ])
  })

  it('every 10 s refreshes the auth user, live ranking, activity stream, polls, tagged messages and titles', async () => {
    const { clock, fetches, log, take } = start()
    fetches[0]?.resolve({ loggedIn: true })
    await settle()
    take()
    clock.increment(refreshIntervalMs - 1)
    expect(log).toEqual([])
    clock.increment(1)
    const refreshed: StoreName[] = ['liveRanking', 'activityStream', 'polls', 'taggedMessages', 'titleInfo']
    expect(log).toEqual(['refreshAuthUser'])
    expect(take()).toEqual(toAll({ type: 'store.initialize', force: true }, refreshed))
    clock.increment(refreshIntervalMs)
    expect(log).toEqual(['refreshAuthUser', 'refreshAuthUser'])
    expect(take()).toHaveLength(refreshed.length)
  })

  it('tells the stores of every session change and initializes them on a login', async () => {
    const { actor, fetches, take } = start()
    actor.send({ type: 'session.changed', loggedIn: true })
    expect(take()).toEqual(toAll({ type: 'session.changed', loggedIn: true }))
    fetches[0]?.resolve({ loggedIn: false })
    await settle()
    take()
    actor.send({ type: 'session.changed', loggedIn: true })
    expect(take()).toEqual([
      ...toAll({ type: 'session.changed', loggedIn: true }),
      ...toAll({ type: 'store.initialize' }),
    ])
    actor.send({ type: 'session.changed', loggedIn: false })
    expect(take()).toEqual(toAll({ type: 'session.changed', loggedIn: false }))
  })

  it('registers the stores under their system ids', () => {
    const { actor } = start()
    for (const name of storeNames) expect(actor.system.get(storeSystemId(name))).toBeDefined()
  })
})

describe('the boot wiring with the real store machine', () => {
  it('loads each store through its loader once logged in', async () => {
    const loads: string[] = []
    const machine = provideAppBoot(appBootMachine, {
      fetchAuthUser: async () => ({ loggedIn: true }),
      refreshAuthUser: () => {},
      loaders: Object.fromEntries(
        storeNames.map((name) => [
          name,
          async () => {
            loads.push(name)
            return [name]
          },
        ]),
      ),
    })
    const actor = createActor(machine).start()
    await settle()
    await settle()
    expect(loads.sort()).toEqual([...storeNames].sort())
    const titles = actor.system.get(storeSystemId('titleInfo')) as AnyActorRef
    expect(titles.getSnapshot()).toMatchObject({ value: 'ready', context: { data: ['titleInfo'] } })
    actor.stop()
  })

  it('calls the game API behind the default loaders: one state call feeds three stores', async () => {
    const calls: unknown[][] = []
    const answers: Record<string, unknown> = {
      universe: [{ id: 2494, n: 'Apple', type: 'others', c: ['AAPL'], currency: 'USD' }],
      state: {
        chronic: [{ type: 'Vote' }],
        polls: [{ pollId: 1 }],
        rankings: { 1000: { this_week: [{ rank: 1 }] } },
      },
      authInfo: { taggedMessages: [{ messageId: 'm' }] },
    }
    const api = {
      call: async (name: string, args?: { signal?: AbortSignal }) => {
        const { signal: _signal, ...rest } = args ?? {}
        calls.push([name, rest])
        return answers[name] ?? name
      },
    } as unknown as ApiClient
    const loaders = defaultStoreLoaders(readsOver(api))
    const signal = new AbortController().signal
    expect(await loaders.titleInfo(signal)).toEqual([{ id: 2494, n: 'Apple', currency: 'USD' }])
    expect(await loaders.activityStream(signal)).toEqual([{ type: 'Vote' }])
    expect(await loaders.taggedMessages(signal)).toEqual([{ messageId: 'm' }])
    await loaders.user(signal)
    expect(await loaders.polls(signal)).toEqual([{ pollId: 1 }])
    // the state's ranking is whole (fewer rows than the state's cut): no rankings call
    expect(await loaders.liveRanking(signal)).toEqual([{ rank: 1 }])
    await loaders.liveStream(signal)
    // every read leaves its 5xx to the one pause
    const read = { passServerErrors: true }
    expect(calls).toEqual([
      ['universe', read],
      ['state', read],
      ['authInfo', read],
      ['user', { params: { user: 'me' }, ...read }],
      ['untaggedMessages', read],
    ])
  })
})
