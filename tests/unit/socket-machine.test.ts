import { createHash } from 'node:crypto'
import type { io } from 'socket.io-client'
import { describe, expect, it, vi } from 'vitest'
import { type AnyActorRef, createActor, fromCallback, fromPromise, setup } from 'xstate'
import { authorizeFingerprint, platformFingerprint } from '~/actors/fingerprint'
import {
  defaultTickSource,
  listenToSocket,
  provideSocket,
  socketClientOptions,
  socketTickBatchMs,
} from '~/actors/socket.actors'
import { socketPayloads } from '~/actors/socket-payloads'
import { socketMachine } from '~/machines/socket.machine'
import type { RefreshedUser, SocketCommand, SocketEmitted, SocketEvent } from '~/machines/socket.types'
import { fakeNavigator, fakeNotifier, settle } from '../support/client-fixtures'
import { FakeSocket } from '../support/fake-socket'

const apple = { id: 2494, n: 'Apple' }
const tesla = { id: 2793, n: 'Tesla' }
const bitcoin = { id: 99979, n: 'Bitcoin' }
const appleTick = { a: 1, b: 1, l: 1, s: 'sp', tl: 1 }

/** The socket machine with a stand-in socket the test talks through, recording every output. */
function start(titles = [apple, tesla]) {
  const commands: SocketCommand[] = []
  const log: unknown[] = []
  const refreshes: { resolve(user: RefreshedUser): void; reject(error: unknown): void }[] = []
  let socket: { sendBack(event: SocketEvent): void } | undefined
  let open = 0
  const machine = socketMachine.provide({
    actors: {
      listenToSocket: fromCallback<SocketCommand>(({ sendBack, receive }) => {
        open += 1
        socket = { sendBack: (event) => sendBack(event) }
        receive((command) => commands.push(command))
        return () => {
          open -= 1
        }
      }),
      refreshUser: fromPromise<RefreshedUser>(
        () => new Promise((resolve, reject) => refreshes.push({ resolve, reject })),
      ),
    },
    actions: {
      notify: (_, notice) => log.push({ notice }),
      navigateToLogin: () => log.push('navigateToLogin'),
      logout: () => log.push('logout'),
      reportMissingTitles: (_, missing) => log.push({ missing }),
    },
  })
  const actor = createActor(machine, { input: { titles } })
  actor.on('*', (event: SocketEmitted) => log.push({ emit: event }))
  actor.start()
  const fromSocket = (event: SocketEvent) => socket?.sendBack(event)
  return { actor, commands, log, refreshes, fromSocket, open: () => open }
}

const state = (actor: AnyActorRef) => JSON.stringify(actor.getSnapshot().value)

describe('the socket machine', () => {
  it('connects, authorizes with the credentials and subscribes to every known title', () => {
    const { actor, commands, log, fromSocket, open } = start()
    expect(actor.getSnapshot().value).toBe('disconnected')
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    expect(open()).toBe(1)
    fromSocket({ type: 'socket.connected' })
    expect(commands).toEqual([{ type: 'socket.authorize', credentials: 'ws-1' }])
    fromSocket({ type: 'socket.authorized', ok: true })
    expect(commands.at(-1)).toEqual({ type: 'socket.subscribe', titleIds: [2494, 2793] })
    const ticks = { '2494': appleTick, '2793': appleTick }
    fromSocket({ type: 'socket.subscribed', ticks })
    expect(state(actor)).toBe('{"live":"subscribed"}')
    expect(log).toEqual([{ emit: { type: 'realtime.ticks', ticks } }])
  })

  it('forwards ticks and messages to listeners', () => {
    const { actor, log, fromSocket } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    const ticks = [{ id: 2494, a: 2, b: 1, l: 1.5, s: 'sp', t: 5 }]
    fromSocket({ type: 'socket.ticked', ticks })
    expect(log).toEqual([{ emit: { type: 'realtime.ticked', ticks } }])
  })

  it('re-subscribes for all known ids when new titles are added while subscribed, reporting missing ones', () => {
    const { actor, commands, log, fromSocket } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: true })
    fromSocket({ type: 'socket.subscribed', ticks: { '2494': appleTick, '2793': appleTick } })
    actor.send({ type: 'titles.added', titles: [apple, tesla] })
    expect(commands).toHaveLength(2)
    actor.send({ type: 'titles.added', titles: [apple, bitcoin, { id: 12 }] })
    expect(commands.at(-1)).toEqual({ type: 'socket.subscribe', titleIds: [2494, 2793, 99979, 12] })
    log.length = 0
    fromSocket({ type: 'socket.subscribed', ticks: { '2494': appleTick, '2793': appleTick } })
    expect(log).toEqual([
      { missing: { '99979': 'Bitcoin', '12': '-' } },
      { emit: { type: 'realtime.ticks', ticks: { '2494': appleTick, '2793': appleTick } } },
    ])
  })

  it('subscribes once more when titles arrive while a subscribe is on its way', () => {
    const { actor, commands, fromSocket } = start([apple])
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: true })
    actor.send({ type: 'titles.added', titles: [tesla] })
    expect(commands).toHaveLength(2)
    fromSocket({ type: 'socket.subscribed', ticks: { '2494': appleTick } })
    expect(commands.at(-1)).toEqual({ type: 'socket.subscribe', titleIds: [2494, 2793] })
  })

  it('retries the initial subscribe 3 times, then shows subscribe_title_ticks_failed and logs out', () => {
    const { actor, commands, log, fromSocket, open } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: true })
    for (let i = 0; i < 3; i++) fromSocket({ type: 'socket.subscribeFailed', reason: 'timeout' })
    expect(commands.filter((command) => command.type === 'socket.subscribe')).toHaveLength(4)
    expect(log).toEqual([])
    fromSocket({ type: 'socket.subscribeFailed', reason: 'timeout' })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(open()).toBe(0)
    expect(log).toEqual([
      {
        notice: {
          kind: 'negative',
          message: 'Could not subscribe to live prices.',
          caption: 'You have been logged out.',
          key: 'subscribe_title_ticks_failed',
        },
      },
      'logout',
    ])
  })

  it('does not retry or log out when a later subscribe fails', () => {
    const { actor, commands, log, fromSocket } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: true })
    fromSocket({ type: 'socket.subscribed', ticks: { '2494': appleTick, '2793': appleTick } })
    actor.send({ type: 'titles.added', titles: [bitcoin] })
    log.length = 0
    fromSocket({ type: 'socket.subscribeFailed', reason: 'timeout' })
    expect(state(actor)).toBe('{"live":"subscribed"}')
    expect(commands).toHaveLength(3)
    expect(log).toEqual([
      {
        notice: {
          kind: 'negative',
          message: 'Could not subscribe to live prices.',
          key: 'subscribe_title_ticks_failed',
        },
      },
    ])
  })

  it('refreshes the user once after a refused authorize and authorizes with the new credentials', async () => {
    const { actor, commands, refreshes, fromSocket } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-old' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: false })
    expect(state(actor)).toBe('{"live":"reauthorizing"}')
    refreshes[0]?.resolve({ websocketCredentials: 'ws-new' })
    await settle()
    expect(commands.at(-1)).toEqual({ type: 'socket.authorize', credentials: 'ws-new' })
    fromSocket({ type: 'socket.authorized', ok: true })
    expect(state(actor)).toBe('{"live":"subscribing"}')
  })

  it.each([
    ['the second authorize is refused', false],
    ['the user cannot be refreshed', true],
  ])('logs out, goes to login and tells why when %s', async (_, refreshFails) => {
    const { actor, log, refreshes, fromSocket, open } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-old' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: false })
    if (refreshFails) refreshes[0]?.reject(new Error('Not signed in any more'))
    else refreshes[0]?.resolve({ websocketCredentials: 'ws-old' })
    await settle()
    if (!refreshFails) fromSocket({ type: 'socket.authorized', ok: false })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(open()).toBe(0)
    expect(log).toEqual([
      {
        notice: {
          kind: 'negative',
          message: 'Socket authorize failed and you have been logged out.',
          key: 'socket_authorize_failed',
        },
      },
      'navigateToLogin',
      'logout',
    ])
  })

  it("shows 'Reconnected' only after more than one attempt, and authorizes again on each connect", () => {
    const { actor, commands, log, fromSocket } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    fromSocket({ type: 'socket.connected' })
    fromSocket({ type: 'socket.authorized', ok: true })
    fromSocket({ type: 'socket.subscribed', ticks: {} })
    log.length = 0
    fromSocket({ type: 'socket.disconnected', reason: 'transport close' })
    expect(state(actor)).toBe('{"live":"connecting"}')
    fromSocket({ type: 'socket.connectError', message: 'websocket error' })
    fromSocket({ type: 'socket.reconnected', attempt: 1 })
    fromSocket({ type: 'socket.reconnected', attempt: 2 })
    fromSocket({ type: 'socket.connected' })
    expect(commands.at(-1)).toEqual({ type: 'socket.authorize', credentials: 'ws-1' })
    expect(log).toEqual([
      {
        notice: {
          kind: 'warning',
          message: 'Connect error',
          caption: 'websocket error',
          key: 'connect_error',
        },
      },
      { notice: { kind: 'positive', message: 'Reconnected', key: 'reconnect' } },
    ])
  })

  it('closes the socket on disconnect and opens a new one for new credentials', () => {
    const { actor, fromSocket, open, commands } = start()
    actor.send({ type: 'socket.connect', credentials: 'ws-1' })
    fromSocket({ type: 'socket.connected' })
    actor.send({ type: 'socket.connect', credentials: 'ws-2' })
    expect(open()).toBe(1)
    expect(state(actor)).toBe('{"live":"connecting"}')
    fromSocket({ type: 'socket.connected' })
    expect(commands.at(-1)).toEqual({ type: 'socket.authorize', credentials: 'ws-2' })
    actor.send({ type: 'socket.disconnect' })
    expect(actor.getSnapshot().value).toBe('disconnected')
    expect(open()).toBe(0)
  })
})

function fakeIo() {
  const made: { url: string; options: unknown; socket: FakeSocket }[] = []
  const ioFn = ((url: string, options: unknown) => {
    const socket = new FakeSocket()
    made.push({ url, options, socket })
    return socket
  }) as unknown as typeof io
  return { ioFn, made }
}

describe('the socket.io-client actor', () => {
  it("uses the spec's options: websocket on /socket.io, 20 s timeout, reconnect 1 to 5 s, 0.5, unlimited", () => {
    expect(socketClientOptions).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
    })
    const { ioFn, made } = fakeIo()
    const actor = createActor(
      listenToSocket({ url: 'http://game.test', fingerprint: 'f', io: ioFn, payloads: socketPayloads }),
    ).start()
    expect(made[0]).toMatchObject({ url: 'http://game.test', options: socketClientOptions })
    actor.stop()
    expect(made[0]?.socket.disconnected).toBe(true)
    expect(made[0]?.socket.listenerCount('tick')).toBe(0)
  })

  it('turns socket events into machine events and commands into emits with acknowledgements', () => {
    const { ioFn, made } = fakeIo()
    const events: SocketEvent[] = []
    const parent = createActor(
      setup({
        actors: { listenToSocket: listenToSocket({ fingerprint: 'fp', io: ioFn, payloads: socketPayloads }) },
      }).createMachine({
        invoke: { id: 'socket', src: 'listenToSocket' },
        on: { '*': { actions: ({ event }) => events.push(event as SocketEvent) } },
      }),
    ).start()
    const actor = parent.getSnapshot().children.socket as AnyActorRef
    const socket = made[0]?.socket as FakeSocket
    socket.emit('connect')
    socket.io.emit('reconnect', 3)
    socket.emit('connect_error', new Error('refused'))
    socket.emit('tick', { id: 2494, a: 1, b: 1, l: 1, t: 9 })
    socket.emit('tick', { id: 'bad' })
    socket.answer = (event) => (event === 'authorize' ? [null, true] : [null, { '2494': appleTick }])
    actor.send({ type: 'socket.authorize', credentials: 'ws-1' })
    actor.send({ type: 'socket.subscribe', titleIds: [2494, 12] })
    socket.answer = () => [null, { error: { code: 'unauthorized', message: 'Authorize first.' } }]
    actor.send({ type: 'socket.subscribe', titleIds: [2494] })
    socket.answer = () => [new Error('operation has timed out'), undefined]
    actor.send({ type: 'socket.authorize', credentials: 'ws-1' })
    expect(socket.emitted).toEqual([
      { event: 'authorize', payload: { credentials: 'ws-1', fingerprint: 'fp' } },
      { event: 'subscribe title ticks', payload: [2494, 12] },
      { event: 'subscribe title ticks', payload: [2494] },
      { event: 'authorize', payload: { credentials: 'ws-1', fingerprint: 'fp' } },
    ])
    expect(events).toEqual([
      { type: 'socket.connected' },
      { type: 'socket.reconnected', attempt: 3 },
      { type: 'socket.connectError', message: 'refused' },
      // the tick pushed before the acknowledgement reaches the machine before it
      { type: 'socket.ticked', ticks: [{ id: 2494, a: 1, b: 1, l: 1, s: defaultTickSource, t: 9 }] },
      { type: 'socket.authorized', ok: true },
      { type: 'socket.subscribed', ticks: { '2494': appleTick } },
      { type: 'socket.subscribeFailed', reason: 'Authorize first.' },
      { type: 'socket.authorized', ok: false },
    ])
    parent.stop()
    expect(made[0]?.socket.disconnected).toBe(true)
  })

  it('sends the ticks of one window as one event: the latest per title, in the order they first ticked', () => {
    vi.useFakeTimers()
    try {
      const { ioFn, made } = fakeIo()
      const events: SocketEvent[] = []
      const parent = createActor(
        setup({
          actors: {
            listenToSocket: listenToSocket({ fingerprint: 'fp', io: ioFn, payloads: socketPayloads }),
          },
        }).createMachine({
          invoke: { id: 'socket', src: 'listenToSocket' },
          on: { '*': { actions: ({ event }) => events.push(event as SocketEvent) } },
        }),
      ).start()
      const socket = made[0]?.socket as FakeSocket
      const tickOf = (id: number, l: number, t: number) => ({ id, a: l, b: l, l, s: 'sp', t })
      for (let i = 0; i < 20; i += 1) socket.emit('tick', tickOf(2494 + (i % 3), 100 + i, 1000 + i))
      socket.emit('tick', tickOf(2494, 1, 999)) // older than the window's latest Apple tick: dropped
      vi.advanceTimersByTime(socketTickBatchMs - 1)
      expect(events).toEqual([])
      vi.advanceTimersByTime(1)
      expect(events).toEqual([
        {
          type: 'socket.ticked',
          ticks: [tickOf(2494, 118, 1018), tickOf(2495, 119, 1019), tickOf(2496, 117, 1017)],
        },
      ])

      // the next window starts with the next tick
      socket.emit('tick', tickOf(2793, 5, 2000))
      vi.advanceTimersByTime(socketTickBatchMs)
      expect(events.at(-1)).toEqual({ type: 'socket.ticked', ticks: [tickOf(2793, 5, 2000)] })
      expect(events).toHaveLength(2)
      vi.advanceTimersByTime(10 * socketTickBatchMs)
      expect(events).toHaveLength(2)
      parent.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it("passes a 'groups changed' push on as an event, after the ticks that came before it, and drops a malformed one", () => {
    vi.useFakeTimers()
    try {
      const { ioFn, made } = fakeIo()
      const events: unknown[] = []
      const parent = createActor(
        setup({
          actors: {
            listenToSocket: listenToSocket({ fingerprint: 'fp', io: ioFn, payloads: socketPayloads }),
          },
        }).createMachine({
          invoke: { id: 'socket', src: 'listenToSocket' },
          on: { '*': { actions: ({ event }) => events.push(event) } },
        }),
      ).start()
      const socket = made[0]?.socket as FakeSocket
      socket.emit('tick', { id: 2494, a: 1, b: 1, l: 1, t: 9 })
      socket.emit('groups changed', { groupId: 1001 })
      socket.emit('groups changed', { groupId: 'x' })
      socket.emit('groups changed', undefined)
      expect(events).toEqual([
        { type: 'socket.ticked', ticks: [expect.objectContaining({ id: 2494 })] },
        { type: 'socket.groupsChanged', groupId: 1001 },
      ])
      parent.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends waiting ticks before a message about their title and before any other socket event', () => {
    vi.useFakeTimers()
    try {
      const { ioFn, made } = fakeIo()
      const events: string[] = []
      const parent = createActor(
        setup({
          actors: {
            listenToSocket: listenToSocket({ fingerprint: 'fp', io: ioFn, payloads: socketPayloads }),
          },
        }).createMachine({
          invoke: { id: 'socket', src: 'listenToSocket' },
          on: { '*': { actions: ({ event }) => events.push(event.type) } },
        }),
      ).start()
      const socket = made[0]?.socket as FakeSocket
      const message = (id: string, titleId: number) => ({
        type: 'tweets',
        message_id: id,
        twitter_user: { profile_image_url: 'https://x.test/a.png', name: 'A', screen_name: 'a' },
        tweet: 'AAPL up',
        t: 1,
        titles: [{ title_id: titleId, start_index: 0, end_index: 4 }],
      })
      socket.emit('tick', { id: 2494, a: 1, b: 1, l: 1, t: 9 })
      socket.emit('message', message('m1', 2793)) // another title: the tick keeps waiting
      expect(events).toEqual(['socket.message'])
      socket.emit('message', message('m2', 2494))
      expect(events).toEqual(['socket.message', 'socket.ticked', 'socket.message'])
      socket.emit('tick', { id: 2494, a: 1, b: 1, l: 2, t: 10 })
      socket.emit('disconnect', 'transport close')
      expect(events.slice(3)).toEqual(['socket.ticked', 'socket.disconnected'])
      // stopped with a tick waiting: it is dropped with the socket
      socket.emit('tick', { id: 2494, a: 1, b: 1, l: 3, t: 11 })
      parent.stop()
      vi.advanceTimersByTime(socketTickBatchMs)
      expect(events).toHaveLength(5)
    } finally {
      vi.useRealTimers()
    }
  })

  it('reconnects by itself after the server disconnected the socket', async () => {
    const { ioFn, made } = fakeIo()
    const actor = createActor(
      listenToSocket({
        fingerprint: 'fp',
        io: ioFn,
        payloads: socketPayloads,
        options: { reconnectionDelay: 1 },
      }),
    ).start()
    const socket = made[0]?.socket as FakeSocket
    socket.emit('disconnect', 'transport close')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(socket.connects).toBe(0)
    socket.emit('disconnect', 'io server disconnect')
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(socket.connects).toBe(1)
    actor.stop()
  })
})

describe('the authorize fingerprint', () => {
  const info = {
    userAgent: 'Mozilla/5.0',
    language: 'en-US',
    platform: 'Linux x86_64',
    screen: { width: 1920, height: 1080 },
    timeZone: 'Europe/Berlin',
  }

  it('is the MD5 of the JSON of the platform info unless a value is configured', () => {
    expect(platformFingerprint(info)).toMatch(/^[0-9a-f]{32}$/)
    expect(platformFingerprint(info)).toBe(platformFingerprint({ ...info }))
    expect(platformFingerprint({ ...info, language: 'de-DE' })).not.toBe(platformFingerprint(info))
    // md5 of the JSON text, in the documented field order
    expect(platformFingerprint(info)).toBe(createHash('md5').update(JSON.stringify(info)).digest('hex'))
    expect(authorizeFingerprint(' configured ', () => info)).toBe('configured')
    expect(authorizeFingerprint(undefined, () => info)).toBe(platformFingerprint(info))
    expect(authorizeFingerprint('', () => info)).toBe(platformFingerprint(info))
  })
})

describe('the socket wiring', () => {
  it('navigates to login unless there, and reports missing titles with a warning', () => {
    const { navigator, moves, visit } = fakeNavigator('/polls')
    const { notifier, notices } = fakeNotifier()
    const reports: unknown[] = []
    const warnings: unknown[][] = []
    const logouts: string[] = []
    const machine = provideSocket(socketMachine, {
      connection: { fingerprint: 'fp', io: fakeIo().ioFn, payloads: socketPayloads },
      navigate: navigator,
      notify: notifier,
      reporter: { report: (report) => reports.push(report) },
      logout: () => logouts.push('logout'),
      refreshUser: async () => Promise.reject(new Error('guest')),
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    })
    const actions = machine.implementations.actions as Record<string, (...args: unknown[]) => void>
    actions.navigateToLogin?.({}, undefined)
    visit('/account/signin?next=%2Fpolls')
    actions.navigateToLogin?.({}, undefined)
    actions.reportMissingTitles?.({}, { '12': '-' })
    actions.notify?.({}, { kind: 'info', message: 'hi' })
    actions.logout?.({}, undefined)
    expect(moves).toEqual([{ to: '/account/signin?next=%2Fpolls', replace: false }])
    expect(reports).toEqual([
      {
        message: 'Titles missing in the subscribe title ticks reply',
        level: 'warning',
        context: { missing: { '12': '-' } },
      },
    ])
    expect(warnings).toEqual([['Titles missing in the subscribe title ticks reply', { '12': '-' }]])
    expect(notices).toEqual([{ kind: 'info', message: 'hi' }])
    expect(logouts).toEqual(['logout'])
  })
})
