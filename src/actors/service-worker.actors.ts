import { createActor, fromCallback, fromPromise } from 'xstate'
import { type ServiceWorkerMachine, serviceWorkerMachine } from '../machines/service-worker.machine'
import type { ServiceWorkerEvent, UpdateCheck } from '../machines/service-worker.types'
import type { Notifier } from './notifier'

/** The part of workbox-window's `Workbox` the effects use; a test passes a fake. */
export interface WorkboxLike {
  register(): Promise<ServiceWorkerRegistration | undefined>
  messageSkipWaiting(): void
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void
}

/** The part of a `ServiceWorkerRegistration` a check uses. */
export type RegistrationLike = Pick<ServiceWorkerRegistration, 'update' | 'installing' | 'waiting'>

export interface ServiceWorkerDeps {
  readonly notify: Notifier
  /** the worker's script, as vite-plugin-pwa writes it @default '/sw.js' */
  readonly scriptUrl?: string
  /** @default workbox-window's Workbox, loaded when registering (its own chunk, off the first paint) */
  readonly createWorkbox?: (scriptUrl: string) => WorkboxLike | Promise<WorkboxLike>
  /** @default location.reload */
  readonly reload?: () => void
}

const loadWorkbox = async (scriptUrl: string): Promise<WorkboxLike> => {
  const { Workbox } = await import('workbox-window')
  return new Workbox(scriptUrl)
}

/** Whether this page registers a worker: a production build (the dev server has no sw.js) in a browser that has them. */
export function isServiceWorkerSupported(
  enabled: boolean = import.meta.env.PROD,
  browser: { readonly navigator?: object } = globalThis,
): boolean {
  return enabled && browser.navigator !== undefined && 'serviceWorker' in browser.navigator
}

/** Resolves once the installing worker (if any) is installed or gave up; then says whether one waits. */
async function settledUpdate(registration: RegistrationLike, signal: AbortSignal): Promise<UpdateCheck> {
  const installing = registration.installing
  if (installing) {
    await new Promise<void>((resolve) => {
      const settled = () => {
        if (installing.state === 'installing' && !signal.aborted) return
        installing.removeEventListener('statechange', settled)
        signal.removeEventListener('abort', settled)
        resolve()
      }
      installing.addEventListener('statechange', settled)
      signal.addEventListener('abort', settled)
      settled()
    })
  }
  return { updateFound: registration.waiting !== null }
}

/**
 * One registration of /sw.js, shared by the effects: the Workbox is made once, its events reach every
 * watcher (subscribed before it exists, so a worker left waiting is not missed), and a check uses the
 * registration it got.
 */
function serviceWorkerConnection(deps: ServiceWorkerDeps) {
  const scriptUrl = deps.scriptUrl ?? '/sw.js'
  const createWorkbox = deps.createWorkbox ?? loadWorkbox
  const watchers = new Set<(event: ServiceWorkerEvent) => void>()
  const tell = (event: ServiceWorkerEvent) => {
    for (const watcher of watchers) watcher(event)
  }
  let loading: Promise<WorkboxLike> | undefined
  let workbox: WorkboxLike | undefined
  let registration: RegistrationLike | undefined
  const workboxOnce = () => {
    loading ??= Promise.resolve(createWorkbox(scriptUrl)).then((created) => {
      created.addEventListener('waiting', () => tell({ type: 'serviceWorker.waiting' }))
      created.addEventListener('controlling', () => tell({ type: 'serviceWorker.controlling' }))
      workbox = created
      return created
    })
    return loading
  }
  return {
    watch(watcher: (event: ServiceWorkerEvent) => void) {
      watchers.add(watcher)
      return () => watchers.delete(watcher)
    },
    async register() {
      const registered = await (await workboxOnce()).register()
      if (!registered) throw new Error(`${scriptUrl} was not registered`)
      registration = registered
    },
    async checkForUpdate(signal: AbortSignal): Promise<UpdateCheck> {
      if (!registration) throw new Error('no service worker is registered')
      await registration.update()
      return settledUpdate(registration, signal)
    },
    messageSkipWaiting() {
      workbox?.messageSkipWaiting()
    },
  }
}

/** The production wiring of the service-worker machine: workbox-window, the notifier, a page reload. */
export function provideServiceWorker(machine: ServiceWorkerMachine, deps: ServiceWorkerDeps) {
  const connection = serviceWorkerConnection(deps)
  return machine.provide({
    actors: {
      register: fromPromise(() => connection.register()),
      checkForUpdate: fromPromise(({ signal }) => connection.checkForUpdate(signal)),
      watchServiceWorker: fromCallback(({ sendBack }) => connection.watch(sendBack)),
    },
    actions: {
      notify: (_, notice) => deps.notify.show(notice),
      messageSkipWaiting: () => connection.messageSkipWaiting(),
      reload: () => (deps.reload ?? (() => globalThis.location.reload()))(),
    },
  })
}

/** The running service-worker actor the views read and send `serviceWorker.check` / `.apply` to. */
export function startServiceWorker(deps: ServiceWorkerDeps & { readonly supported?: boolean }) {
  return createActor(provideServiceWorker(serviceWorkerMachine, deps), {
    input: { supported: deps.supported ?? isServiceWorkerSupported() },
  }).start()
}
