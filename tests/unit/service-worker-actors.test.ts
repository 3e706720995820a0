import { describe, expect, it, vi } from 'vitest'
import { type ActorRefFrom, waitFor } from 'xstate'
import {
  isServiceWorkerSupported,
  type Notice,
  type RegistrationLike,
  startServiceWorker,
  type WorkboxLike,
} from '~/actors'
import type { ServiceWorkerMachine } from '~/machines/service-worker.machine'
import {
  selectCanCheck,
  selectFailed,
  selectUpdateAvailable,
  selectUpToDate,
} from '~/machines/service-worker.select'

/** A service worker as the registration holds it: its state, and `statechange` when it moves on. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  moveTo(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

/** The browser's registration of sw.js: `update()` finds the next version the test deploys, if any. */
class FakeRegistration implements RegistrationLike {
  installing: ServiceWorker | null = null
  waiting: ServiceWorker | null = null
  deployed: FakeWorker | undefined
  updateError: Error | undefined
  readonly updates = vi.fn(async () => {
    if (this.updateError) throw this.updateError
    if (this.deployed) this.installing = this.deployed as unknown as ServiceWorker
    this.deployed = undefined
  })
  update = () => this.updates() as unknown as Promise<ServiceWorkerRegistration>
  /** the installing worker finished installing: it waits */
  installed() {
    const worker = this.installing as unknown as FakeWorker
    this.installing = null
    this.waiting = worker as unknown as ServiceWorker
    worker.moveTo('installed')
  }
}

/** workbox-window's Workbox as the effects use it: registration, events, the skip-waiting message. */
class FakeWorkbox implements WorkboxLike {
  readonly registration = new FakeRegistration()
  readonly listeners = new Map<string, (() => void)[]>()
  readonly skipWaitingMessages = vi.fn()
  registerError: Error | undefined
  registered: 'registration' | 'nothing' = 'registration'
  /** a worker an earlier visit left waiting: Workbox tells it right after registering */
  waitingBefore = false
  constructor(readonly scriptUrl: string) {}
  async register() {
    if (this.registerError) throw this.registerError
    if (this.waitingBefore) queueMicrotask(() => this.fire('waiting'))
    return this.registered === 'registration'
      ? (this.registration as unknown as ServiceWorkerRegistration)
      : undefined
  }
  messageSkipWaiting() {
    this.skipWaitingMessages()
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  fire(type: 'waiting' | 'controlling') {
    for (const listener of this.listeners.get(type) ?? []) listener()
  }
}

function start(configure: (workbox: FakeWorkbox) => void = () => {}, supported = true) {
  const notices: Notice[] = []
  const reload = vi.fn()
  let workbox: FakeWorkbox | undefined
  const createWorkbox = vi.fn(async (scriptUrl: string) => {
    workbox = new FakeWorkbox(scriptUrl)
    configure(workbox)
    return workbox
  })
  const actor = startServiceWorker({
    supported,
    notify: { show: (notice) => notices.push(notice) },
    createWorkbox,
    reload,
  })
  const state = () => String(JSON.stringify(actor.getSnapshot().value))
  return {
    actor,
    notices,
    reload,
    createWorkbox,
    state,
    workbox: () => workbox as FakeWorkbox,
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const reach = (actor: ActorRefFrom<ServiceWorkerMachine>, value: object | string) =>
  waitFor(actor, (snapshot) => snapshot.matches(value as never), { timeout: 1000 })

describe('the service-worker actors', () => {
  it('register /sw.js once through Workbox, then a check that finds nothing says up to date', async () => {
    const { actor, createWorkbox, workbox } = start()
    await reach(actor, { active: 'idle' })
    expect(createWorkbox).toHaveBeenCalledExactlyOnceWith('/sw.js')
    expect(selectCanCheck(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'serviceWorker.check' })
    await reach(actor, { active: 'upToDate' })
    expect(workbox().registration.updates).toHaveBeenCalledTimes(1)
    expect(selectUpToDate(actor.getSnapshot())).toBe(true)
    actor.stop()
  })

  it('a check waits for the new version to install, then applying it messages skip-waiting and reloads once it controls', async () => {
    const { actor, workbox, reload } = start()
    await reach(actor, { active: 'idle' })
    const next = new FakeWorker()
    workbox().registration.deployed = next
    actor.send({ type: 'serviceWorker.check' })
    await settle()
    expect(actor.getSnapshot().matches({ active: 'checking' })).toBe(true)
    workbox().registration.installed()
    await reach(actor, { active: 'updateAvailable' })
    expect(selectUpdateAvailable(actor.getSnapshot())).toBe(true)

    actor.send({ type: 'serviceWorker.apply' })
    expect(workbox().skipWaitingMessages).toHaveBeenCalledTimes(1)
    await settle()
    expect(reload).not.toHaveBeenCalled()
    workbox().fire('controlling')
    expect(reload).toHaveBeenCalledTimes(1)
    actor.stop()
  })

  it('a new version that fails to install is no update', async () => {
    const { actor, workbox } = start()
    await reach(actor, { active: 'idle' })
    const broken = new FakeWorker()
    workbox().registration.deployed = broken
    actor.send({ type: 'serviceWorker.check' })
    await settle()
    workbox().registration.installing = null
    broken.moveTo('redundant')
    await reach(actor, { active: 'upToDate' })
    actor.stop()
  })

  it('a version the browser found by itself, or an earlier visit left waiting, is offered', async () => {
    const found = start()
    await reach(found.actor, { active: 'idle' })
    found.workbox().fire('waiting')
    expect(selectUpdateAvailable(found.actor.getSnapshot())).toBe(true)
    found.actor.stop()

    const leftWaiting = start((workbox) => {
      workbox.waitingBefore = true
    })
    await reach(leftWaiting.actor, { active: 'updateAvailable' })
    leftWaiting.actor.stop()
  })

  it('a check that cannot reach the server can be repeated', async () => {
    const { actor, workbox } = start()
    await reach(actor, { active: 'idle' })
    workbox().registration.updateError = new TypeError('Failed to fetch')
    actor.send({ type: 'serviceWorker.check' })
    await reach(actor, { active: 'checkFailed' })
    workbox().registration.updateError = undefined
    actor.send({ type: 'serviceWorker.check' })
    await reach(actor, { active: 'upToDate' })
    actor.stop()
  })

  it.each([
    ['throws', (workbox: FakeWorkbox) => (workbox.registerError = new Error('SecurityError'))],
    ['registers nothing', (workbox: FakeWorkbox) => (workbox.registered = 'nothing')],
  ])('shows the spec notice when the registration %s', async (_, configure) => {
    const { actor, notices, workbox } = start(configure)
    await reach(actor, 'failed')
    expect(notices).toEqual([{ kind: 'negative', message: 'Error during service worker registration' }])
    expect(selectFailed(actor.getSnapshot())).toBe(true)
    expect(selectCanCheck(actor.getSnapshot())).toBe(false)
    // the watcher is gone with the registration: later events change nothing
    workbox().fire('waiting')
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    actor.stop()
  })

  it('does nothing where service workers are not supported', async () => {
    const { actor, createWorkbox, notices } = start(undefined, false)
    actor.send({ type: 'serviceWorker.check' })
    await settle()
    expect(actor.getSnapshot().matches('unsupported')).toBe(true)
    expect(createWorkbox).not.toHaveBeenCalled()
    expect(notices).toEqual([])
    actor.stop()
  })

  it('registers only in a production build of a browser that has service workers', () => {
    expect(isServiceWorkerSupported(true, { navigator: { serviceWorker: {} } })).toBe(true)
    expect(isServiceWorkerSupported(false, { navigator: { serviceWorker: {} } })).toBe(false)
    expect(isServiceWorkerSupported(true, { navigator: {} })).toBe(false)
    expect(isServiceWorkerSupported(true, {})).toBe(false)
    // vitest is no production build
    expect(isServiceWorkerSupported()).toBe(false)
  })
})
