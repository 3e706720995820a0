import { describe, expect, it } from 'vitest'
import { fromCallback } from 'xstate'
import { serviceWorkerMachine } from '../../src/machines/service-worker.machine'
import {
  selectApplying,
  selectCanCheck,
  selectCheckFailed,
  selectChecking,
  selectFailed,
  selectUpdateAvailable,
  selectUpToDate,
} from '../../src/machines/service-worker.select'
import { applyTimeoutMs } from '../../src/machines/service-worker.types'
import { delayOf, generatePaths, isAfterEvent, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'
import { serviceWorkerModel } from './service-worker.model'

/** The flags the Settings page reads, per state: exactly one of them (or none) holds. */
const flagsByState: Record<string, string[]> = {
  'active.registering': [],
  'active.idle': ['canCheck'],
  'active.checking': ['checking'],
  'active.upToDate': ['canCheck', 'upToDate'],
  'active.checkFailed': ['canCheck', 'checkFailed'],
  'active.updateAvailable': ['updateAvailable'],
  'active.applying': ['applying'],
  'active.reloading': ['applying'],
  failed: ['failed'],
}

/** Records the registration, the checks, the watcher's end, the skip-waiting message, reloads and notices. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    serviceWorkerMachine.provide({
      actors: {
        register: stub('register') as never,
        checkForUpdate: stub('checkForUpdate') as never,
        watchServiceWorker: fromCallback(() => {
          record({ call: 'watchServiceWorker' })
          return () => record({ action: 'stopWatching' })
        }),
      },
      actions: {
        notify: (_, notice) => record({ notice }),
        messageSkipWaiting: () => record({ action: 'messageSkipWaiting' }),
        reload: () => record({ action: 'reload' }),
      },
    }),
  checkState: (snapshot, { from, event }) => {
    const flags = Object.entries({
      canCheck: selectCanCheck,
      checking: selectChecking,
      upToDate: selectUpToDate,
      checkFailed: selectCheckFailed,
      updateAvailable: selectUpdateAvailable,
      applying: selectApplying,
      failed: selectFailed,
    })
      .filter(([, select]) => select(snapshot as never))
      .map(([flag]) => flag)
    expect(flags).toEqual(flagsByState[stateName(snapshot)])
    // the replay fired the timer exactly at this delay: an applied update reloads after 10 s at the latest
    if (isAfterEvent(event) && from) expect(delayOf(serviceWorkerMachine, from, event)).toBe(applyTimeoutMs)
  },
}

describe(`${serviceWorkerModel.name} paths`, () => {
  const paths = generatePaths(serviceWorkerModel)

  it('reach every state of the lifecycle', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(Object.keys(flagsByState).sort())
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(serviceWorkerModel, path)}`, () =>
      replayPath(serviceWorkerModel, harness, path))
  }
})
