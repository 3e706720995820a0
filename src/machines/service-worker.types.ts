import type { Notice } from './notices'

export interface ServiceWorkerInput {
  /**
   * whether this page registers a service worker: the browser has them and this is a production
   * build (the dev server serves no sw.js) @default false
   */
  readonly supported?: boolean
}

export interface ServiceWorkerContext {
  readonly supported: boolean
}

export type ServiceWorkerEvent =
  /** the player asks whether a new version is out (Settings, 'Check for update') */
  | { readonly type: 'serviceWorker.check' }
  /** the player takes the new version: the waiting worker takes over and the page reloads */
  | { readonly type: 'serviceWorker.apply' }
  /** a new worker is installed and waits (found by the browser, a check, or left from an earlier visit) */
  | { readonly type: 'serviceWorker.waiting' }
  /** the worker the player applied controls the page now */
  | { readonly type: 'serviceWorker.controlling' }
  /** the player reloads the page (Settings, 'Reload'): their way out of a stuck page, whatever the worker says */
  | { readonly type: 'serviceWorker.reload' }

/** What a check for an update finished with. */
export interface UpdateCheck {
  /** a new worker is installed and waiting */
  readonly updateFound: boolean
}

/** How long an applied update may take to control the page before the page reloads anyway. */
export const applyTimeoutMs = 10_000

/** Spec §8 "Other": the notice of a failed registration. */
export const serviceWorkerNotices = {
  registrationFailed: { kind: 'negative', message: 'Error during service worker registration' },
} as const satisfies Record<string, Notice>
