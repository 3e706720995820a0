import { fromCallback } from 'xstate'
import type { NotificationsEvent } from '../machines/notifications.types'

/** Where the online state comes from: the window (and its navigator) in the browser. */
export interface ConnectivitySource extends EventTarget {
  readonly navigator?: { readonly onLine?: boolean }
}

/** Whether the source is online now; true where nothing says otherwise (Node). */
export const isOnline = (source: ConnectivitySource = globalThis as ConnectivitySource) =>
  source.navigator?.onLine !== false

/** The browser's online and offline events as `connectivity.*` events, the current state first. */
export const watchConnectivity = (source: ConnectivitySource = globalThis as ConnectivitySource) =>
  fromCallback(({ sendBack }) => {
    const send = (event: NotificationsEvent) => sendBack(event)
    const online = () => send({ type: 'connectivity.online' })
    const offline = () => send({ type: 'connectivity.offline' })
    if (!isOnline(source)) offline()
    source.addEventListener('online', online)
    source.addEventListener('offline', offline)
    return () => {
      source.removeEventListener('online', online)
      source.removeEventListener('offline', offline)
    }
  })
