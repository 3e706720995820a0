import { describe, expect, it } from 'vitest'
import { fromCallback } from 'xstate'
import { appBootMachine } from '../../src/machines/app-boot.machine'
import { refreshIntervalMs, storeActorId, storeNames } from '../../src/machines/app-boot.types'
import { appBootModel } from './app-boot.model'
import { delayOf, generatePaths, isAfterEvent, type Output, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'

/**
 * Stand-in stores that record what they are told; one event told to several stores in a row is one
 * output `{ stores, event }` (within one step).
 */
const harness: PathHarness = {
  provide: ({ record, stub }) => {
    let last: { stores: string[]; event: unknown } | undefined
    const tell = (store: string, event: unknown) => {
      if (last && JSON.stringify(last.event) === JSON.stringify(event)) last.stores.push(store)
      else {
        const output = { stores: [store], event }
        last = output
        record(output as Output)
        // what one step tells is told synchronously: the next step starts a new output
        queueMicrotask(() => {
          if (last === output) last = undefined
        })
      }
    }
    const stores = Object.fromEntries(
      storeNames.map((name) => [
        storeActorId(name),
        fromCallback(({ receive }) => receive((event) => tell(name, event))),
      ]),
    )
    return appBootMachine.provide({
      actors: { fetchAuthUser: stub('fetchAuthUser') as never, ...(stores as object) },
      actions: {
        refreshAuthUser: () => {
          last = undefined
          record({ action: 'refreshes the auth user' })
        },
      },
    })
  },
  checkState: (_, { from, event }) => {
    // the replay fired the timer exactly at this delay: the refresh runs every 10000 ms
    if (isAfterEvent(event) && from) expect(delayOf(appBootMachine, from, event)).toBe(refreshIntervalMs)
  },
}

describe(`${appBootModel.name} paths`, () => {
  const paths = generatePaths(appBootModel)

  it('reach the running app and its refresh', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(['fetchingUser', 'running'])
    expect(paths.some((path) => path.steps.some((step) => isAfterEvent(step.event)))).toBe(true)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(appBootModel, path)}`, () => replayPath(appBootModel, harness, path))
  }
})
