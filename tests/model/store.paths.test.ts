import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { Champion } from '../../src/domain/champions'
import { recentChampionsMachine } from '../../src/machines/recent-champions.machine'
import { selectStoreStatus } from '../../src/machines/store.select'
import { delayOf, generatePaths, isAfterEvent, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'
import { storeModel } from './store.model'

const placeholders = [{ rank: 1 }, { rank: 2 }, { rank: 3 }]
const topThree = ['alice', 'bob', 'carol']

/** Whether the data is loaded: a load arrived since the last reset or logout. */
function isLoaded(history: readonly AnyEventObject[]): boolean {
  let loaded = false
  for (const event of history) {
    if (event.type === 'xstate.done.actor.loadStore') loaded = true
    if (event.type === 'store.reset' || (event.type === 'session.changed' && !event.loggedIn)) loaded = false
  }
  return loaded
}

/** Whether the last load that ended since the last reset or logout failed (a retry under way keeps it). */
function lastLoadFailed(history: readonly AnyEventObject[]): boolean {
  let failed = false
  for (const event of history) {
    if (event.type === 'xstate.error.actor.loadStore') failed = true
    if (event.type === 'xstate.done.actor.loadStore') failed = false
    if (event.type === 'store.reset' || (event.type === 'session.changed' && !event.loggedIn)) failed = false
  }
  return failed
}

/** The champions store always holds three entries by ascending rank: placeholders until a load. */
const harness: PathHarness = {
  provide: ({ stub }) =>
    recentChampionsMachine.provide({ actors: { loadStore: stub('loadStore') as never } }),
  checkState: (snapshot, { event, history }) => {
    const data = (snapshot.context as { data: Champion[] }).data
    expect(data.map((champion) => champion.rank)).toEqual([1, 2, 3])
    const loaded = isLoaded([...history, event])
    if (loaded) expect(data.map((champion) => champion.username)).toEqual(topThree)
    else expect(data).toEqual(placeholders)
    // what a list shows: a failure instead of emptiness, a notice above the data it kept
    const failed = lastLoadFailed([...history, event])
    const status = selectStoreStatus(snapshot, loaded)
    if (failed) expect(status).toBe(loaded ? 'refreshFailed' : 'failed')
    else expect(status).toBe(loaded ? 'ready' : 'loading')
  },
}

describe(`${storeModel.name} paths`, () => {
  const paths = generatePaths(storeModel)

  it('reach every state of the lifecycle', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual(['failed', 'loading', 'ready', 'uninitialized'])
  })

  it('retry a failed load on Retry and after each background delay: 2 s, 10 s, then 60 s', () => {
    const retries: AnyEventObject[] = []
    const waited = new Set<number>()
    for (const path of paths)
      for (const [i, step] of path.steps.entries()) {
        const from = path.steps[i - 1]?.state
        if (!from || stateName(from) !== 'failed') continue
        retries.push(step.event)
        if (isAfterEvent(step.event)) waited.add(delayOf(recentChampionsMachine, from, step.event))
      }
    expect(retries.map((event) => event.type)).toContain('store.retry')
    expect([...waited].sort((a, b) => a - b)).toEqual([2_000, 10_000, 60_000])
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(storeModel, path)}`, () => replayPath(storeModel, harness, path))
  }
})
