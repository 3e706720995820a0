import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'
import { fromCallback, fromPromise } from 'xstate'
import { liveMessageSchema, tickSchema } from '../api/market'
import { isRealtimeRefusal, realtimePath, type SubscribeTitleTicksAnswer } from '../api/realtime'
import type { Notice } from '../machines/notices'
import { loginRoute, loginRouteFor } from '../machines/session.routes'
import type { SocketMachine } from '../machines/socket.machine'
import type { MissingTitles, RefreshedUser, SocketCommand, SocketEvent } from '../machines/socket.types'
import type { ErrorReporter } from './error-reporting'
import { authorizeFingerprint } from './fingerprint'
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

/** How long an 'authorize' or 'subscribe title ticks' acknowledgement may take. */
export const socketAckTimeoutMs = 10_000

export interface SocketConnection {
  /** the server; undefined connects to the page's origin @default undefined */
  readonly url?: string
  /** sent with 'authorize' */
  readonly fingerprint: string
  /** @default socketAckTimeoutMs */
  readonly ackTimeoutMs?: number
  /** socket.io-client's `io` (tests wrap it) @default io */
  readonly io?: typeof io
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
    const send = (event: SocketEvent) => sendBack(event)
    const ackTimeoutMs = connection.ackTimeoutMs ?? socketAckTimeoutMs
    const options = { ...socketClientOptions, ...connection.options }
    const socket: Socket = (connection.io ?? io)(connection.url ?? '', options)
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
      const tick = tickSchema.safeParse({ ...raw, s: raw?.s ?? defaultTickSource })
      if (tick.success) send({ type: 'socket.tick', tick: tick.data })
    })
    socket.on('message', (raw: unknown) => {
      const message = liveMessageSchema.safeParse(raw)
      if (message.success) send({ type: 'socket.message', message: message.data })
    })

    receive((command) => {
      if (command.type === 'socket.authorize') {
        socket
          .timeout(ackTimeoutMs)
          .emit(
            'authorize',
            { credentials: command.credentials, fingerprint: connection.fingerprint },
            (error: unknown, ok: unknown) => send({ type: 'socket.authorized', ok: !error && Boolean(ok) }),
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
      clearTimeout(reconnectTimer)
      socket.io.off('reconnect', onReconnect)
      socket.removeAllListeners()
      socket.disconnect()
    }
  })

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
  const fingerprint = authorizeFingerprint(deps.connection.fingerprint)
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
