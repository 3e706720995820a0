import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  goToSignIn,
  InvalidFormatError,
  linkAnnouncementToCountdown,
  linkPollsToCountdown,
  linkPredictionsToPerformance,
  linkPrices,
  linkRealtime,
  linkTaggedMessages,
  linkTitles,
  loadTaggedMessages,
  memoryPersistence,
  memoryStorage,
  type Navigator,
  type Notice,
  provideActivity,
  provideBet,
  provideGroups,
  provideLiveStream,
  providePolls,
  providePredictions,
  provideTaggedMessages,
  restoreTaggedMessages,
  saveTaggedMessages,
  storagePersistence,
  taggedMessagesStorageKey,
  tickClock,
} from '~/actors'
import type { ErrorReport } from '~/actors/error-reporting'
import type { GameCall } from '~/actors/game-api'
import { type ApiClient, ApiError } from '~/api/client'
import { storedSchemas } from '~/api/client/schemas'
import type { Poll } from '~/api/polls'
import type { ActivityElement } from '~/domain/activity-grouping'
import { activityMachine } from '~/machines/activity.machine'
import { betMachine } from '~/machines/bet.machine'
import { groupsMachine } from '~/machines/groups.machine'
import { liveStreamMachine } from '~/machines/live-stream.machine'
import { initialPerformanceData, type PerformanceData } from '~/machines/performance.machine'
import { pollsMachine } from '~/machines/polls.machine'
import { predictionsMachine } from '~/machines/predictions.machine'
import type { TaggedMessagesData } from '~/machines/predictions.types'
import { pricesMachine, selectLatestPrices } from '~/machines/prices.machine'
import type { StoreContext } from '~/machines/store.types'
import { taggedMessagesMachine } from '~/machines/tagged-messages.machine'
import { readsOver } from '../support/client-fixtures'
import { day, group, hour, pollAt, serverMessage, taggedMessage } from '../support/game-fixtures'
import { taggedPerformance } from '../support/memory-api'

/** A state answer with nothing but what a test puts in. */
const stateWith = (parts: Record<string, unknown>) => ({
  users: [],
  polls: [],
  rankings: {},
  chronic: [],
  publicGroups: [],
  ...parts,
})

const settle = () => new Promise((resolve) => setImmediate(resolve))
afterEach(() => vi.useRealTimers())

type Handler = (args: Record<string, unknown>) => unknown

/** An API client whose calls the test answers by name, recording each. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: { name: string; args: Record<string, unknown> }[] = []
  const call = async (name: string, { signal: _, ...args }: Record<string, unknown> = {}) => {
    calls.push({ name, args })
    const handler = handlers[name]
    if (!handler) throw new Error(`unexpected call ${name}`)
    return handler(args)
  }
  return { api: { call } as unknown as ApiClient, calls }
}

function deps(handlers: Record<string, Handler>) {
  const { api, calls } = fakeApi(handlers)
  const notices: Notice[] = []
  const moves: string[] = []
  const navigate: Navigator = { current: () => '/livestream', go: (to) => void moves.push(to) }
  const reports: ErrorReport[] = []
  return {
    calls,
    notices,
    moves,
    reports,
    base: {
      api,
      navigate,
      notify: { show: (notice: Notice) => void notices.push(notice) },
      reads: readsOver(api),
    },
    reporter: { report: (report: ErrorReport) => void reports.push(report) },
  }
}

const authUser = (taggedMessages: unknown[], rewardFactor = 0.8) => ({ taggedMessages, rewardFactor })

describe('persistence', () => {
  it('reads nothing as an empty list, and anything but a list as an invalid format', () => {
    expect(memoryPersistence('k').load()).toEqual([])
    expect(() => memoryPersistence('k', { k: '{"a":1}' }).load()).toThrow(InvalidFormatError)
    expect(() => memoryPersistence('k', { k: 'not json' }).load()).toThrow(
      'The stored data of k has an invalid format: a list was expected.',
    )
    const storage = memoryStorage()
    const persistence = storagePersistence('k', storage)
    persistence.save([1, 2])
    expect(storage.items.get('k')).toBe('[1,2]')
    persistence.clear()
    expect(storage.items.has('k')).toBe(false)
  })

  it('saves the tagged messages of the last 7 days and restores only tagged messages', () => {
    const now = 20 * day
    const storage = memoryStorage()
    const persistence = storagePersistence(taggedMessagesStorageKey, storage)
    saveTaggedMessages(
      persistence,
      [taggedMessage('new', { createdAt: now - day }), taggedMessage('old', { createdAt: now - 8 * day })],
      now,
    )
    expect(restoreTaggedMessages(persistence, storedSchemas).map((m) => m.messageId)).toEqual(['new'])
    storage.setItem(taggedMessagesStorageKey, JSON.stringify([taggedMessage('ok'), { junk: true }]))
    expect(restoreTaggedMessages(persistence, storedSchemas).map((m) => m.messageId)).toEqual(['ok'])
    expect(taggedMessagesStorageKey).toBe('alpha.taggedMessages')
  })
})

describe('the tagged-message actors', () => {
  it('load the server’s and the stored predictions, the server’s copy first', async () => {
    const now = 10 * day
    const stored = [
      taggedMessage('m1', { atPrice: 1, createdAt: now - hour }),
      taggedMessage('local', { createdAt: now }),
    ]
    const server = [taggedMessage('m1', { atPrice: 2, createdAt: now - hour })]
    const call = (async () => authUser(server, 0.5)) as unknown as GameCall
    const persistence = memoryPersistence(taggedMessagesStorageKey, {
      [taggedMessagesStorageKey]: JSON.stringify(stored),
    })
    const reports: ErrorReport[] = []
    const actor = createActor(
      loadTaggedMessages(call, { persistence, reporter: { report: (r) => reports.push(r) }, now: () => now }),
    ).start()
    await settle()
    const data = actor.getSnapshot().output
    expect(data?.rewardFactor).toBe(0.5)
    expect(data?.messages.map((m) => [m.messageId, m.atPrice])).toEqual([
      ['m1', 2],
      ['local', 100],
    ])
    expect(reports).toEqual([])
  })

  it('report stored data of an invalid format and go on with the server’s', async () => {
    const call = (async () => authUser([taggedMessage('m1', { createdAt: 0 })])) as unknown as GameCall
    const persistence = memoryPersistence(taggedMessagesStorageKey, { [taggedMessagesStorageKey]: '{}' })
    const reports: ErrorReport[] = []
    const actor = createActor(
      loadTaggedMessages(call, { persistence, reporter: { report: (r) => reports.push(r) }, now: () => 0 }),
    ).start()
    await settle()
    expect(actor.getSnapshot().output?.messages).toHaveLength(1)
    expect(reports[0]?.error).toBeInstanceOf(InvalidFormatError)
  })

  it('wire tagging: local first, posted, the server’s copy and reward factor stored, saved locally', async () => {
    const now = 5 * day
    const storage = memoryStorage()
    const persistence = storagePersistence(taggedMessagesStorageKey, storage)
    const stored = taggedMessage('m1', { atPrice: 99, createdAt: now })
    const { base, calls, reporter } = deps({
      authInfo: async () => authUser([]),
      tag: async () => ({ rewardFactor: 0.95, taggedMessage: stored }),
    })
    const store = createActor(
      provideTaggedMessages(taggedMessagesMachine, { ...base, persistence, reporter, now: () => now }),
      { input: { loggedIn: true } },
    ).start()
    store.send({ type: 'store.initialize' })
    await settle()
    const tagging = createActor(
      providePredictions(predictionsMachine, { ...base, taggedMessages: store, now: () => now }),
    ).start()
    tagging.send({
      type: 'prediction.tag',
      prediction: { userId: 5, titleId: 1, messageId: 'm1', trend: 'Up', atPrice: 100, rewardFactor: 1 },
    })
    expect(store.getSnapshot().context.data.messages).toEqual([
      { userId: 5, titleId: 1, messageId: 'm1', trend: 'Up', atPrice: 100, rewardFactor: 1, createdAt: now },
    ])
    await settle()
    await settle()
    // the prediction's lifecycle says it runs
    expect(store.getSnapshot().context.data).toEqual({
      messages: [stored],
      rewardFactor: 0.95,
      statuses: { '5_1_m1': 'running' },
    })
    const tag = calls.find((c) => c.name === 'tag')
    expect(tag?.args).toMatchObject({
      params: { messageId: 'm1' },
      body: { userId: 5, titleId: 1, messageId: 'm1', trend: 'Up' },
    })
    expect(tag?.args.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.parse(storage.getItem(taggedMessagesStorageKey) ?? '[]')).toEqual([stored])
  })
})

describe('the poll actors', () => {
  it('wire a bet: shown in the polls store at once, the results after the answer', async () => {
    const results = { numUsersBetUp: 1, numUsersBetFlat: 0, numUsersBetDown: 0, totalTtcBet: 10 }
    const { base, calls } = deps({
      state: async () => stateWith({ polls: [pollAt(1, 1, 0)] }),
      vote: async () => results,
    })
    const polls = createActor(providePolls(pollsMachine, base), { input: { loggedIn: true } }).start()
    polls.send({ type: 'titles.changed', titleIds: [1] })
    polls.send({ type: 'store.initialize' })
    await settle()
    let balanceReads = 0
    const bet = createActor(
      provideBet(betMachine, { ...base, polls, now: () => 42, refreshBalance: () => void balanceReads++ }),
    ).start()
    bet.send({ type: 'bet.place', pollId: 1, userId: 5, vote: 'down', wager: '10', balance: 20 })
    expect(polls.getSnapshot().context.data.polls[0]?.votes).toEqual([
      { pollId: 1, userId: 5, vote: 'down', ttcBet: 10, createdAt: 42, payout: null },
    ])
    await settle()
    await settle()
    expect(polls.getSnapshot().context.data.polls[0]?.results).toEqual(results)
    // the stake left the wallet: the balance is read again at once
    expect(balanceReads).toBe(1)
    expect(calls.find((c) => c.name === 'vote')?.args).toMatchObject({
      params: { pollId: 1 },
      body: { pollId: 1, userId: 5, vote: 'down', ttcBet: 10 },
    })
  })

  it('warn on 409 and send a guest to sign in with the way back', async () => {
    const { base, notices, moves } = deps({
      vote: async () => {
        throw new ApiError(409, 'already_voted', 'Warning: You have already placed your bet.')
      },
    })
    let balanceReads = 0
    const bet = createActor(
      provideBet(betMachine, {
        ...base,
        polls: { send: () => {} },
        refreshBalance: () => void balanceReads++,
      }),
    ).start()
    bet.send({ type: 'bet.place', pollId: 1, userId: 5, vote: 'up', wager: 1, balance: 20 })
    await settle()
    await settle()
    expect(notices).toEqual([{ kind: 'warning', message: 'Warning: You have already placed your bet.' }])
    expect(balanceReads).toBe(0)
    bet.send({ type: 'bet.place', pollId: 1, userId: -1, vote: 'up', wager: 1, balance: 20 })
    expect(moves).toEqual(['/account/signin?next=%2Flivestream'])
  })
})

describe('the group actors', () => {
  it('send the switch, then reset and initialize the group’s stores', async () => {
    const { base, calls } = deps({ switchGroup: async (args) => args.body })
    const sent: Record<string, string[]> = {}
    const groups = createActor(
      provideGroups(groupsMachine, {
        ...base,
        store: (name) => ({
          send: (event) => {
            sent[name] = [...(sent[name] ?? []), event.type]
          },
        }),
      }),
    ).start()
    groups.send({
      type: 'groups.received',
      groups: [group(1000, 'Everybody'), group(7, 'Traders')],
      invitations: [],
      publicGroups: [],
    })
    groups.send({ type: 'group.select', group: { id: 7, name: 'Traders' } })
    await settle()
    await settle()
    // under the server-error policy, which retries a 5xx answer itself
    expect(calls).toEqual([
      { name: 'switchGroup', args: { body: { activeGroupId: 7 }, passServerErrors: true } },
    ])
    expect(Object.keys(sent)).toEqual([
      'polls',
      'liveStream',
      'taggedMessages',
      'activityStream',
      'liveRanking',
    ])
    expect(sent.polls).toEqual(['store.reset', 'store.initialize'])
  })

  it('send only the fields a save takes, and the member list', async () => {
    const { base, calls } = deps({
      saveGroup: async () => group(7, 'Day Traders'),
      setGroupMembers: async () => [],
    })
    const groups = createActor(provideGroups(groupsMachine, { ...base, store: () => undefined })).start()
    groups.send({
      type: 'groups.received',
      groups: [group(7, 'Traders')],
      invitations: [],
      publicGroups: [],
      activeGroupId: 7,
    })
    groups.send({ type: 'group.save', group: group(7, 'Day Traders') })
    await settle()
    await settle()
    groups.send({
      type: 'group.setMembers',
      group: { id: 7, name: 'Day Traders' },
      members: [{ userId: 5, isAdmin: true }],
    })
    await settle()
    await settle()
    expect(calls).toEqual([
      {
        name: 'saveGroup',
        args: {
          params: { groupId: 7 },
          body: {
            group: {
              name: 'Day Traders',
              publicGroup: false,
              avatarUrl: null,
              endTime: null,
              titleRestrictions: [],
            },
          },
          passServerErrors: true,
        },
      },
      {
        name: 'setGroupMembers',
        args: {
          params: { groupId: 7 },
          body: { groupId: 7, members: [{ userId: 5, isAdmin: true }] },
          passServerErrors: true,
        },
      },
    ])
  })
})

describe('the live stream and activity actors', () => {
  it('fetch the untagged messages, report missing ticks, warn on failure', async () => {
    let fail = false
    const { base, notices, reports, reporter } = deps({
      untaggedMessages: async () => {
        if (fail) throw new ApiError(0, 'timeout', 'The server did not answer in time.')
        return [serverMessage('m1', { titles: [{ title_id: 1, start_index: 0, end_index: 1 }] })]
      },
    })
    const stream = createActor(provideLiveStream(liveStreamMachine, { ...base, reporter }), {
      input: { loggedIn: true },
    }).start()
    stream.send({ type: 'titles.changed', titleIds: [1, 2] })
    // ticks are known, but none of title 1
    stream.send({ type: 'prices.changed', titleIds: [2] })
    stream.send({ type: 'store.initialize' })
    await settle()
    await settle()
    expect(reports).toEqual([
      { message: 'Missing tick', context: { missing: [{ messageId: 'm1', titleId: 1 }] }, level: 'warning' },
    ])
    expect(notices).toEqual([{ kind: 'negative', message: 'Error: Could not fetch any relevant messages!' }])
    fail = true
    stream.send({ type: 'store.initialize', force: true })
    await settle()
    await settle()
    expect(notices.at(-1)).toEqual({ kind: 'warning', message: 'Error fetching messages!' })
  })

  it("load the activity stream from the state's chronic", async () => {
    const { base, calls } = deps({
      state: async () => stateWith({ chronic: [{ type: 'Vote', timestamp: 1, data: {} }] }),
    })
    const activity = createActor(provideActivity(activityMachine, base), {
      input: { loggedIn: true },
    }).start()
    activity.send({ type: 'store.initialize' })
    await settle()
    await settle()
    expect(calls).toEqual([{ name: 'state', args: { passServerErrors: true } }])
    expect(activity.getSnapshot().context.data).toHaveLength(1)
  })
})

describe('links between the stores', () => {
  it('tell the polls store the time every second until stopped', () => {
    vi.useFakeTimers()
    let now = 1000
    const ticks: number[] = []
    const clock = createActor(tickClock, {
      input: { targets: [{ send: (event) => ticks.push(event.now) }], now: () => now },
    }).start()
    now = 2000
    vi.advanceTimersByTime(1000)
    clock.stop()
    vi.advanceTimersByTime(5000)
    expect(ticks).toEqual([1000, 2000])
  })

  it('pass titles, tagged messages, pushes and priced titles on', () => {
    const events: unknown[] = []
    const target = { send: (event: unknown) => void events.push(event) }
    let observer:
      | ((snapshot: { context: { data: unknown; loggedIn: boolean; failures: number } }) => void)
      | undefined
    const titleInfo = {
      getSnapshot: () => ({ context: { data: [], loggedIn: true, failures: 0 } }),
      subscribe: (next: typeof observer) => {
        observer = next
        return { unsubscribe: () => {} }
      },
    }
    linkTitles(titleInfo, [target])
    observer?.({ context: { data: [{ id: 3 }, { id: 1 }], loggedIn: true, failures: 0 } })
    observer?.({ context: { data: [{ id: 3 }, { id: 1 }], loggedIn: true, failures: 0 } })
    expect(events.splice(0)).toEqual([
      { type: 'titles.changed', titleIds: [] },
      { type: 'titles.changed', titleIds: [3, 1] },
    ])

    const store = createActor(taggedMessagesMachine.provide({ actors: { saveStore: keepNothing } }), {
      input: { loggedIn: true },
    }).start()
    linkTaggedMessages(store, target)
    store.send({ type: 'predictions.added', prediction: taggedMessage('m1') })
    expect(events.splice(0)).toEqual([
      { type: 'predictions.changed', messageIds: [] },
      { type: 'predictions.changed', messageIds: ['m1'] },
    ])

    const handlers: Record<string, (event: never) => void> = {}
    const realtime = {
      on: (type: string, handler: (event: never) => void) => {
        handlers[type] = handler
        return { unsubscribe: () => {} }
      },
    }
    linkRealtime(realtime as never, { liveStream: target, prices: target, groups: target })
    const message = { ...serverMessage('p1'), type: 'tweets' }
    handlers['realtime.message']?.({ message } as never)
    handlers['realtime.ticks']?.({ ticks: { '1': { l: 10, tl: 5 }, '2': { l: 20, tl: 6 } } } as never)
    handlers['realtime.ticked']?.({
      ticks: [
        { id: 2, l: 21, t: 7 },
        { id: 1, l: 11, t: 7 },
      ],
    } as never)
    expect(events.splice(0)).toEqual([
      { type: 'liveStream.pushed', message },
      {
        type: 'prices.ticked',
        ticks: [
          { id: 1, l: 10, t: 5 },
          { id: 2, l: 20, t: 6 },
        ],
      },
      {
        type: 'prices.ticked',
        ticks: [
          { id: 2, l: 21, t: 7 },
          { id: 1, l: 11, t: 7 },
        ],
      },
    ])
    // a group of the player's changed on the server: the groups actor reads its lists again
    handlers['realtime.groupsChanged']?.({ groupId: 7 } as never)
    expect(events.splice(0)).toEqual([{ type: 'groups.changed' }])

    const prices = createActor(pricesMachine).start()
    linkPrices(prices, target)
    prices.send({ type: 'prices.ticked', ticks: [{ id: 3, l: 1, t: 9 }] })
    prices.send({ type: 'prices.ticked', ticks: [{ id: 3, l: 2, t: 8 }] })
    prices.send({ type: 'prices.ticked', ticks: [{ id: 1, l: 5, t: 9 }] })
    expect(events).toEqual([
      { type: 'prices.changed', titleIds: [] },
      { type: 'prices.changed', titleIds: [3] },
      { type: 'prices.changed', titleIds: [1, 3] },
    ])
    // an older tick does not replace a newer one
    expect(selectLatestPrices(prices.getSnapshot().context)).toEqual(
      new Map([
        [1, 5],
        [3, 1],
      ]),
    )
  })

  it('tell the countdown when a poll opens or closes', async () => {
    const load = fromPromise<readonly Poll[]>(async () => [pollAt(1, 1, 0)])
    const polls = createActor(pollsMachine.provide({ actors: { loadStore: load } }), {
      input: { loggedIn: true },
    }).start()
    const heard: unknown[] = []
    linkPollsToCountdown(polls, { send: (event) => void heard.push(event) })
    polls.send({ type: 'clock.ticked', now: 5 })
    polls.send({ type: 'titles.changed', titleIds: [1] })
    polls.send({ type: 'store.initialize' })
    await settle()
    polls.send({ type: 'clock.ticked', now: 6 })
    polls.send({ type: 'clock.ticked', now: 2 * hour })
    expect(heard.slice(1)).toEqual([
      { type: 'polls.openChanged', hasOpenPoll: true, now: 5 },
      { type: 'polls.openChanged', hasOpenPoll: false, now: 2 * hour },
    ])
  })

  it('refresh the per-title overview on a new or evaluated prediction, once the player has loaded it', async () => {
    const store = createActor(taggedMessagesMachine.provide({ actors: { saveStore: keepNothing } }), {
      input: { loggedIn: true },
    }).start()
    let loaded: PerformanceData = initialPerformanceData
    const refreshes: unknown[] = []
    const performance = {
      getSnapshot: () => ({ context: { data: loaded } as StoreContext<PerformanceData> }),
      subscribe: () => ({ unsubscribe: () => {} }),
      send: (event: unknown) => void refreshes.push(event),
    }
    linkPredictionsToPerformance(store, performance)
    store.send({ type: 'predictions.added', prediction: taggedMessage('m1') })
    // never opened: no calls for it
    expect(refreshes).toEqual([])
    loaded = { polls: null, predictions: taggedPerformance }
    store.send({ type: 'predictions.added', prediction: taggedMessage('m2') })
    store.send({ type: 'predictions.added', prediction: taggedMessage('m2') })
    expect(refreshes).toEqual([{ type: 'store.initialize', force: true }])
  })

  it('tell the countdown the next poll start and zone the server announces, once per change', async () => {
    const announcement = (startTime: number, timeZone?: string) => ({
      type: 'PollAnnouncement' as const,
      timestamp: startTime,
      data: {
        startTime,
        endTime: startTime + 2 * hour,
        evalTime: startTime + 6 * hour,
        titleIds: [1],
        timeZone,
      },
    })
    const pages = [
      [announcement(8 * hour, 'Europe/Berlin')],
      [announcement(8 * hour, 'Europe/Berlin')],
      [announcement(14 * hour, 'Europe/Berlin')],
      [announcement(20 * hour)],
    ]
    const load = fromPromise<readonly ActivityElement[]>(async () => pages.shift() ?? [])
    const activity = createActor(activityMachine.provide({ actors: { loadStore: load } }), {
      input: { loggedIn: true },
    }).start()
    const heard: unknown[] = []
    linkAnnouncementToCountdown(activity, { send: (event) => void heard.push(event) })
    for (const _ of [1, 2, 3, 4]) {
      // the 10-second reload
      activity.send({ type: 'store.initialize', force: true })
      await settle()
    }
    expect(heard).toEqual([
      { type: 'polls.announced', startTime: 8 * hour, timeZone: 'Europe/Berlin' },
      { type: 'polls.announced', startTime: 14 * hour, timeZone: 'Europe/Berlin' },
      { type: 'polls.announced', startTime: 20 * hour },
    ])
  })

  it('send to sign-in with the way back, once', () => {
    const moves: string[] = []
    let here = '/polls?tab=open'
    const navigate: Navigator = {
      current: () => here,
      go: (to) => {
        here = to
        moves.push(to)
      },
    }
    goToSignIn(navigate)
    goToSignIn(navigate)
    expect(moves).toEqual([
      '/account/signin?next=%2Fpolls%3Ftab%3Dopen',
      '/account/signin?next=%2Fpolls%3Ftab%3Dopen',
    ])
  })
})

/** A persistence actor that keeps nothing. */
const keepNothing = fromPromise<void, TaggedMessagesData>(async () => {})
