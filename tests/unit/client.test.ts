import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorRef, waitFor } from 'xstate'
import {
  type Client,
  createClient,
  type ErrorReport,
  lookUpSession,
  memoryStorage,
  storageKeys,
} from '~/actors'
import { socketPayloads } from '~/actors/socket-payloads'
import { storeNames } from '~/machines/app-boot.types'
import { selectHasBet, selectPolls } from '~/machines/polls.machine'
import { selectLatestPrices } from '~/machines/prices.machine'
import { selectIsCorrect } from '~/machines/tagged-messages.machine'
import { fakeNavigator } from '../support/client-fixtures'
import { fakeIo } from '../support/fake-socket'
import { serverMessage } from '../support/game-fixtures'

import { apple, groupStores, memoryApi, pollPerformance, refused, tesla } from '../support/memory-api'

const started: Client[] = []
afterEach(() => {
  for (const client of started.splice(0)) client.stop()
})

/** The whole client on in-memory effects: API, storage, socket, window. */
function build(
  options: { api?: ReturnType<typeof memoryApi>; storage?: ReturnType<typeof memoryStorage> } = {},
) {
  const { api, calls } = options.api ?? memoryApi()
  const storage = options.storage ?? memoryStorage()
  const reports: ErrorReport[] = []
  const socket = fakeIo((event, ids) =>
    event === 'authorize'
      ? [null, true]
      : [
          null,
          Object.fromEntries((ids as number[]).map((id) => [id, { a: 1, b: 1, l: 100, s: 'sp', tl: 1 }])),
        ],
  )
  const client = createClient({
    navigate: fakeNavigator('/polls').navigator,
    api,
    config: {},
    search: '',
    reporter: { report: (report) => void reports.push(report) },
    socket: { fingerprint: 'fp', io: socket.ioFn, payloads: socketPayloads },
    window: new EventTarget(),
    storage,
    timeZone: 'UTC',
  })
  started.push(client)
  return { client, calls, storage, reports, socket }
}

const stateOf = (client: Client, name: (typeof storeNames)[number]) => client.store(name).getSnapshot().value

async function allReady(client: Client) {
  await vi.waitFor(() => {
    for (const name of storeNames) expect(stateOf(client, name), name).toBe('ready')
    expect(client.performance.getSnapshot().value).toBe('ready')
  })
}

describe('createClient', () => {
  it('boots every store for a signed-in player, and none for a guest', async () => {
    const { client } = build()
    await allReady(client)
    expect(client.recentChampions.getSnapshot().context.data).toHaveLength(3)
    expect(client.groups.getSnapshot().context.activeGroupId).toBe(1000)
    await vi.waitFor(() => expect(client.socket.getSnapshot().matches({ live: 'subscribed' })).toBe(true))
    expect(client.socket.getSnapshot().context.requested).toEqual([apple, tesla])

    const guest = build({ api: memoryApi({ authInfo: refused(401) }) })
    await vi.waitFor(() => expect(guest.client.session.getSnapshot().matches('guest')).toBe(true))
    await guest.client.ready
    for (const name of storeNames) expect(stateOf(guest.client, name), name).toBe('uninitialized')
    expect(guest.calls).toEqual(['authInfo'])
  })

  it('asks for the auth info once at start, whichever of the page and the game’s boot asks first', async () => {
    const settled = (client: Client) => waitFor(client.session, (snapshot) => !snapshot.matches('fetching'))
    // as main.tsx: the page looks up who is there before it mounts, the game's boot when it is imported
    const pageFirst = build({ api: memoryApi({ authInfo: refused(401) }) })
    expect((await lookUpSession(pageFirst.client.session)).matches('guest')).toBe(true)
    await pageFirst.client.ready
    await settled(pageFirst.client)
    expect(pageFirst.calls).toEqual(['authInfo'])

    const bootFirst = build({ api: memoryApi({ authInfo: refused(401) }) })
    await bootFirst.client.ready
    await settled(bootFirst.client)
    expect((await lookUpSession(bootFirst.client.session)).matches('guest')).toBe(true)
    expect(bootFirst.calls).toEqual(['authInfo'])
    // entering the sign-in page still asks again (spec §2)
    bootFirst.client.refreshUser()
    await settled(bootFirst.client)
    expect(bootFirst.calls).toEqual(['authInfo', 'authInfo'])

    const player = build()
    expect((await lookUpSession(player.client.session)).matches('loggedIn')).toBe(true)
    await allReady(player.client)
    // the second auth info is the tagged messages' store, which reads the player's tagged messages there
    expect(player.calls.filter((name) => name === 'authInfo' || name === 'settings')).toEqual([
      'authInfo',
      'settings',
      'authInfo',
    ])
  })

  it('imports the game lazily: its actors are there once `ready` settled, session changes wait for it', async () => {
    const { client } = build()
    // created at once: the session, the socket, the notifications; the game module is still loading
    expect(client.hasGame()).toBe(false)
    expect(client.store('polls')).toBeUndefined()
    expect(() => client.groups).toThrow(/ready/)
    expect(client.session.getSnapshot().status).toBe('active')
    await client.ready
    expect(client.hasGame()).toBe(true)
    expect(client.groups.getSnapshot().status).toBe('active')
    // the sign-in the session announced meanwhile reached the stores and the groups once started
    await allReady(client)
    await vi.waitFor(() => expect(client.groups.getSnapshot().context.activeGroupId).toBe(1000))
  })

  it('passes ticks on to the live stream, the prices and the predictions; the clock to the polls', async () => {
    const { client, socket } = build()
    await allReady(client)
    await vi.waitFor(() => expect(client.socket.getSnapshot().matches({ live: 'subscribed' })).toBe(true))

    socket.latest()?.emit('tick', { id: apple, a: 1, b: 1, l: 120, t: Date.now() })
    // pushed ticks reach the prices in batches, a few tens of milliseconds later
    await vi.waitFor(() =>
      expect(selectLatestPrices(client.prices.getSnapshot().context).get(apple)).toBe(120),
    )
    const [running] = client.store('taggedMessages').getSnapshot().context.data.messages
    expect(running && selectIsCorrect(running, selectLatestPrices(client.prices.getSnapshot().context))).toBe(
      true,
    )

    const message = {
      ...serverMessage('p1', { titles: [{ title_id: apple, start_index: 0, end_index: 5 }] }),
    }
    socket.latest()?.emit('message', { ...message, type: 'tweets' })
    const liveStream = client.store('liveStream').getSnapshot().context
    expect(liveStream.pricedTitleIds).toEqual([apple, tesla])
    expect(liveStream.messages.map((kept) => kept.id)).toEqual(['p1'])

    // the polls store's clock runs: poll 1 takes bets, poll 2's betting closed an hour ago
    const polls = client.store('polls').getSnapshot().context
    expect(polls.data.now).toBeGreaterThan(0)
    expect(selectPolls(polls).map((poll) => [poll.pollId, poll.phase])).toEqual([
      [1, 'open'],
      [2, 'closed'],
    ])
  })

  it('resets and reloads the five stores of the active group when it changes', async () => {
    const { client, calls } = build()
    await allReady(client)
    const seen = new Map<string, unknown[]>()
    for (const name of storeNames) {
      const values: unknown[] = []
      seen.set(name, values)
      ;(client.store(name) as AnyActorRef).subscribe((snapshot) => values.push(snapshot.value))
    }
    calls.splice(0)

    client.selectGroup({ id: 2000, name: 'Friends' })
    await vi.waitFor(() => expect(client.groups.getSnapshot().context.activeGroupId).toBe(2000))
    await allReady(client)
    for (const name of groupStores) expect(seen.get(name), name).toContain('uninitialized')
    expect(seen.get('titleInfo')).toEqual([])
    expect(seen.get('user')).toEqual([])
    expect(calls.slice(0, 1)).toEqual(['switchGroup'])
    // the state kept from before the switch is forgotten: the new group's is fetched
    expect(calls).toEqual(expect.arrayContaining(['state', 'untaggedMessages', 'authInfo']))
  })

  it('clears the stored votes and tagged messages on logout', async () => {
    const { client, storage } = build()
    await allReady(client)
    client.placeBet({ pollId: 1, userId: 5, vote: 'up', wager: 5, balance: 100 })
    await vi.waitFor(() => expect(client.bet.getSnapshot().context.queue).toEqual([]))
    expect(JSON.parse(storage.getItem(storageKeys.votes) ?? '[]')).toMatchObject([{ pollId: 1, ttcBet: 5 }])
    expect(storage.getItem(storageKeys.taggedMessages)).toContain('m1')

    client.logout()
    await vi.waitFor(() => expect(client.session.getSnapshot().matches('guest')).toBe(true))
    expect(storage.getItem(storageKeys.votes)).toBeNull()
    expect(storage.getItem(storageKeys.taggedMessages)).toBeNull()
    expect(storage.getItem(storageKeys.polls)).toBeNull()
    expect(storage.getItem(storageKeys.performance)).toBeNull()
  })

  it('starts again with the stored polls, votes and performance when the server fails', async () => {
    const first = build()
    await allReady(first.client)
    first.client.placeBet({ pollId: 1, userId: 5, vote: 'down', wager: 7, balance: 100 })
    await vi.waitFor(() => expect(first.storage.getItem(storageKeys.votes)).not.toBeNull())
    first.client.stop()

    const { client, reports } = build({
      storage: first.storage,
      api: memoryApi({ polls: refused(400), pollsPerformance: refused(400) }),
    })
    // before any answer: what local storage kept (read once the lazily loaded schemas are here)
    await client.ready
    expect(client.performance.getSnapshot().context.data.polls).toEqual(pollPerformance)
    await vi.waitFor(() => expect(stateOf(client, 'polls')).toBe('failed'))
    await vi.waitFor(() => expect(stateOf(client, 'titleInfo')).toBe('ready'))
    const polls = client.store('polls').getSnapshot().context
    expect(selectPolls(polls).map((poll) => poll.pollId)).toEqual([1, 2])
    expect(selectHasBet(polls, 1)).toBe(true)
    expect(polls.data.localVotes).toMatchObject([{ pollId: 1, vote: 'down', ttcBet: 7 }])
    expect(reports).toEqual([])
  })

  it('reports stored data of an invalid format and goes on with the server’s', async () => {
    const storage = memoryStorage({
      [storageKeys.polls]: '{not json',
      [storageKeys.activityStream]: '{"a":1}',
      [storageKeys.performance]: '[1]',
    })
    const { client, reports } = build({ storage })
    await allReady(client)
    expect(reports.map((report) => [report.level, (report.error as Error).name])).toEqual([
      ['warning', 'InvalidFormatError'],
      ['warning', 'InvalidFormatError'],
      ['warning', 'InvalidFormatError'],
    ])
    expect(reports.map((report) => report.message).join('\n')).toContain(storageKeys.polls)
    expect(selectPolls(client.store('polls').getSnapshot().context)).toHaveLength(2)
    expect(JSON.parse(storage.getItem(storageKeys.polls) ?? '')).toHaveLength(2)
  })
})
