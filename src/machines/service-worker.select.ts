import type { SnapshotFrom } from 'xstate'
import type { ServiceWorkerMachine } from './service-worker.machine'

type ServiceWorkerSnapshot = SnapshotFrom<ServiceWorkerMachine>

/** 'Check for update' can be pressed: registered, and no check or update under way. */
export const selectCanCheck = (snapshot: ServiceWorkerSnapshot) => snapshot.hasTag('canCheck')

/** A check for a new version runs (includes installing the new version it found). */
export const selectChecking = (snapshot: ServiceWorkerSnapshot) => snapshot.matches({ active: 'checking' })

/** A new version is installed and waits for the player to apply it (reload). */
export const selectUpdateAvailable = (snapshot: ServiceWorkerSnapshot) =>
  snapshot.matches({ active: 'updateAvailable' })

/** The player applied the new version: the page is about to reload. */
export const selectApplying = (snapshot: ServiceWorkerSnapshot) =>
  snapshot.matches({ active: 'applying' }) || snapshot.matches({ active: 'reloading' })

/** The last check found no new version. */
export const selectUpToDate = (snapshot: ServiceWorkerSnapshot) => snapshot.matches({ active: 'upToDate' })

/** The last check could not reach the server. */
export const selectCheckFailed = (snapshot: ServiceWorkerSnapshot) =>
  snapshot.matches({ active: 'checkFailed' })

/** The registration failed (the notice was shown); nothing to check. */
export const selectFailed = (snapshot: ServiceWorkerSnapshot) => snapshot.matches('failed')

/** This browser or build has no service worker (the dev server, an insecure origin, an old browser). */
export const selectUnsupported = (snapshot: ServiceWorkerSnapshot) => snapshot.matches('unsupported')
