import type { io, ManagerOptions, Socket, SocketOptions } from 'socket.io-client'
import { fromCallback, fromPromise } from 'xstate'
import type { LiveMessage, Tick } from '../api/market'
import type { GroupsChanged } from '../api/realtime'
import { isRealtimeRefusal, realtimePath, type SubscribeTitleTicksAnswer } from '../api/realtime-protocol'
import type { Notice } from '../machines/notices'
import { loginRoute, loginRouteFor } from '../machines/session.routes'
import type { SocketMachine } from '../machines/socket.machine'
import type { MissingTitles, RefreshedUser, SocketCommand, SocketEvent } from '../machines/socket.types'
import type { ErrorReporter } from './error-reporting'
import type { Navigator } from './navigation'
import type { Notifier } from './notifier'

/** Spec §9 "Socket": what socket.io-client is created with; it reconnects by itself with these. */
export const socketClientOptions = {
  path: realtimePath,
  transports: ['websocket'],
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
} as const satisfies Partial<ManagerOptions & SocketOptions>

/** Spec §3 "Tick": 's' defaults to 'sp' when a pushed tick lacks it. */
export const defaultTickSource = 'sp'

/** What the socket pushes, checked: undefined when a push has an unexpected shape (it is dropped). */
export interface SocketPayloads {
  tick(raw: Record<string, unknown> | undefined): Tick | undefined
  message(raw: unknown): LiveMessage | undefined
  groupsChanged(raw: unknown): GroupsChanged | undefined
}

/**
 * Pushed ticks are collected this long and reach the machines as one event: 200 ticks a second were
 * 200 transitions of the socket and prices machines (and their garbage); now about 20.
 */
export const socketTickBatchMs = 50

/** How long an 'authorize' or 'subscribe title ticks' acknowledgement may take. */
export const socketAckTimeoutMs = 10_000

export interface SocketConnection {
  /** the server; undefined connects to the page's origin @default undefined */
  readonly url?: string
  /** sent with 'authorize'; a function is asked once, when the socket is made */
  readonly fingerprint: string | (() => Promise<string>)
  /** @default socketAckTimeoutMs */
  readonly ackTimeoutMs?: number
  /**
   * socket.io-client's `io` (tests wrap it) @default io, imported when the first socket is made: a guest
   * never connects, so the library is not in the initial bundle
   */
  readonly io?: typeof io
  /**
   * checks pushed ticks and messages (`socketPayloads`) @default loaded with socket.io-client (zod
   * stays out of the initial bundle); given with `io` and a fingerprint string, the socket is made at once
   */
  readonly payloads?: SocketPayloads
  /** how long pushed ticks are collected before they are sent on as one batch @default socketTickBatchMs */
  readonly tickBatchMs?: number
  /** added to `socketClientOptions` (tests turn reconnection delays down) */
  readonly options?: Partial<ManagerOptions & SocketOptions>
}

/**
 * The socket.io-client connection as an actor: socket events become `socket.*` events of the machine,
 * its `SocketCommand`s become emits whose acknowledgements come back as events. Stopping it closes
 * the socket. socket.io-client reconnects after a dropped connection; after the server disconnected
 * the socket (a logout elsewhere) it does not, so this actor reconnects, and the machine's authorize
 * then finds out whether the user is still signed in.
 */
export const listenToSocket = (connection: SocketConnection) =>
  fromCallback<SocketCommand>(({ sendBack, receive }) => {
    const { io: givenIo, fingerprint, payloads: givenPayloads } = connection
    // given `io`, fingerprint and payloads: the socket is made at once; else once socket.io-client is loaded
    if (givenIo && typeof fingerprint === 'string' && givenPayloads)
      return connectSocket(givenIo, fingerprint, givenPayloads, connection, sendBack, receive)
    let commands: SocketCommand[] = []
    let relay: (command: SocketCommand) => void = (command) => commands.push(command)
    receive((command) => relay(command))
    let close: (() => void) | undefined
    let stopped = false
    Promise.all([
      givenIo ?? import('socket.io-client').then((module) => module.io),
      typeof fingerprint === 'string' ? fingerprint : fingerprint(),
      givenPayloads ?? import('./socket-payloads').then((module) => module.socketPayloads),
    ]).then(
      ([ioFn, resolved, payloads]) => {
        if (stopped) return
        close = connectSocket(ioFn, resolved, payloads, connection, sendBack, (listener) => {
          relay = listener
        })
        for (const command of commands) relay(command)
        commands = []
      },
      (error: unknown) => sendBack({ type: 'socket.connectError', message: String(error) }),
    )
    return () => {
      stopped = true
      close?.()
    }
  })

/** Makes the socket and wires it to the actor; returns what closes it. */
function connectSocket(
  ioFn: typeof io,
  fingerprint: string,
  payloads: SocketPayloads,
  connection: SocketConnection,
  sendBack: (event: SocketEvent) => void,
  receive: (listener: (command: SocketCommand) => void) => void,
) {
  const ticks = batchTicks(connection.tickBatchMs ?? socketTickBatchMs, sendBack)
  // anything else the socket says comes after the ticks pushed before it
  const send = (event: SocketEvent) => {
    ticks.flush()
    sendBack(event)
  }
  const ackTimeoutMs = connection.ackTimeoutMs ?? socketAckTimeoutMs
  const options = { ...socketClientOptions, ...connection.options }
  const socket: Socket = ioFn(connection.url ?? '', options)
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined

  socket.on('connect', () => send({ type: 'socket.connected' }))
  socket.on('disconnect', (reason) => {
    send({ type: 'socket.disconnected', reason })
    if (reason === 'io server disconnect')
      reconnectTimer = setTimeout(() => socket.connect(), options.reconnectionDelay)
  })
  socket.on('connect_error', (error) => send({ type: 'socket.connectError', message: error.message }))
  const onReconnect = (attempt: number) => send({ type: 'socket.reconnected', attempt })
  socket.io.on('reconnect', onReconnect)
  socket.on('tick', (raw: Record<string, unknown>) => {
    const tick = payloads.tick(raw)
    if (tick) ticks.add(tick)
  })
  socket.on('message', (raw: unknown) => {
    const message = payloads.message(raw)
    if (!message) return
    // a message about a title with a waiting tick waits for it: the tick may be the title's first price
    if (message.titles.some((title) => ticks.has(title.title_id))) ticks.flush()
    sendBack({ type: 'socket.message', message })
  })
  socket.on('groups changed', (raw: unknown) => {
    const change = payloads.groupsChanged(raw)
    if (change) send({ type: 'socket.groupsChanged', groupId: change.groupId })
  })

  receive((command) => {
    if (command.type === 'socket.authorize') {
      socket
        .timeout(ackTimeoutMs)
        .emit('authorize', { credentials: command.credentials, fingerprint }, (error: unknown, ok: unknown) =>
          send({ type: 'socket.authorized', ok: !error && Boolean(ok) }),
        )
    } else {
      socket
        .timeout(ackTimeoutMs)
        .emit('subscribe title ticks', [...command.titleIds], (error: Error | null, answer: unknown) => {
          if (error) send({ type: 'socket.subscribeFailed', reason: error.message })
          else if (isRealtimeRefusal(answer))
            send({ type: 'socket.subscribeFailed', reason: answer.error.message })
          else send({ type: 'socket.subscribed', ticks: answer as SubscribeTitleTicksAnswer })
        })
    }
  })

  return () => {
    ticks.drop()
    clearTimeout(reconnectTimer)
    socket.io.off('reconnect', onReconnect)
    socket.removeAllListeners()
    socket.disconnect()
  }
}

/**
 * Collects pushed ticks for `windowMs` from the first one, then sends them as one `socket.ticked`: the
 * latest per title (an older tick never replaces a newer one, as in the prices), in the order the
 * titles first ticked.
 */
function batchTicks(windowMs: number, sendBack: (event: SocketEvent) => void) {
  let pending = new Map<number, Tick>()
  let timer: ReturnType<typeof setTimeout> | undefined
  const drop = () => {
    clearTimeout(timer)
    timer = undefined
    pending = new Map()
  }
  const flush = () => {
    if (pending.size === 0) return
    const ticks = [...pending.values()]
    drop()
    sendBack({ type: 'socket.ticked', ticks })
  }
  return {
    add(tick: Tick) {
      const known = pending.get(tick.id)
      if (!known || known.t <= tick.t) pending.set(tick.id, tick)
      timer ??= setTimeout(flush, windowMs)
    },
    has: (titleId: number) => pending.has(titleId),
    flush,
    drop,
  }
}

export interface SocketDeps {
  readonly connection: Omit<SocketConnection, 'fingerprint'> & {
    /** a configured fingerprint; else the MD5 of the platform info */
    readonly fingerprint?: string
  }
  readonly navigate: Navigator
  readonly notify: Notifier
  readonly reporter: ErrorReporter
  /** logs the user out (the session) */
  readonly logout: () => void
  /** refreshes the signed-in user; rejects when nobody is signed in any more */
  readonly refreshUser: () => Promise<RefreshedUser>
  /** where the missing-titles warning goes @default console */
  readonly log?: Pick<Console, 'warn'>
}

/** The production wiring of the socket machine. */
export function provideSocket(machine: SocketMachine, deps: SocketDeps) {
  // ts-md5 is loaded with socket.io-client, when the first socket is made
  const configured = deps.connection.fingerprint
  const fingerprint = configured?.trim()
    ? configured.trim()
    : () => import('./fingerprint').then((module) => module.authorizeFingerprint(configured))
  const log = deps.log ?? console
  return machine.provide({
    actors: {
      listenToSocket: listenToSocket({ ...deps.connection, fingerprint }),
      refreshUser: fromPromise<RefreshedUser>(() => deps.refreshUser()),
    },
    actions: {
      notify: (_, notice: Notice) => deps.notify.show(notice),
      navigateToLogin: () => {
        const here = deps.navigate.current()
        if (here.split(/[?#]/)[0] !== loginRoute) deps.navigate.go(loginRouteFor(here))
      },
      logout: () => deps.logout(),
      reportMissingTitles: (_, missing: MissingTitles) => {
        log.warn('Titles missing in the subscribe title ticks reply', missing)
        deps.reporter.report({
          message: 'Titles missing in the subscribe title ticks reply',
          level: 'warning',
          context: { missing },
        })
      },
    },
  })
}
