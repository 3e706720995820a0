import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { groupsMachine, selectGroupListsStatus } from '../../src/machines/groups.machine'
import type { GroupsContext } from '../../src/machines/groups.types'
import { groupListsModel, listsState, refreshedLists, serverLists } from './group-lists.model'
import { generatePaths, pathTitle } from './paths'
import { type PathHarness, replayPath } from './replay'

/** What the player must see after these events: the lists once they arrived, and whether the last load failed. */
function expectedAfter(events: readonly AnyEventObject[]) {
  let loaded = false
  let failed = false
  let lists = serverLists
  let publicGroups: readonly unknown[] = []
  for (const event of events) {
    if (event.type === 'groups.publicReceived') publicGroups = event.publicGroups
    if (event.type.endsWith('.loadGroupLists') && event.type.startsWith('xstate.done'))
      publicGroups = serverLists.publicGroups
    if (event.type === 'xstate.done.actor.refreshGroupLists') publicGroups = refreshedLists.publicGroups
    if (event.type === 'xstate.done.actor.loadGroupLists')
      [loaded, failed, lists] = [true, false, serverLists]
    if (event.type === 'xstate.done.actor.refreshGroupLists') lists = refreshedLists
    if (event.type === 'xstate.error.actor.loadGroupLists') failed = true
  }
  return { loaded, failed, lists, publicGroups }
}

const harness: PathHarness = {
  provide: ({ record, stub }) =>
    groupsMachine.provide({
      actors: {
        loadGroupLists: stub('loadGroupLists') as never,
        refreshGroupLists: stub('refreshGroupLists') as never,
      },
      actions: { notify: (_, notice) => record({ notice }) },
    }),
  checkState: (snapshot, { event, history }) => {
    const context = snapshot.context as GroupsContext
    const { loaded, failed, lists, publicGroups } = expectedAfter([...history, event])
    // the state's public groups replace the list; so does every read of the lists
    expect(context.publicGroups).toEqual(publicGroups)
    expect(context.groups).toEqual(loaded ? lists.groups : [])
    expect(context.invitations).toEqual(loaded ? lists.invitations : [])
    const signedIn = [...history, event].some((step) => step.type === 'groups.load')
    expect(context.activeGroupId).toBe(signedIn ? 1000 : undefined)
    // a failure shows in place of each list until one arrived, then as a notice above the kept lists;
    // it stays while a retry runs
    const status = selectGroupListsStatus(snapshot, 'publicGroups')
    // (public groups a state answer brought count as data: they show before the lists arrive)
    const shown = publicGroups.length > 0
    if (failed) expect(status).toBe(shown ? 'refreshFailed' : 'failed')
    else expect(status).toBe(shown ? 'ready' : 'loading')
  },
}

describe(`${groupListsModel.name} paths`, () => {
  const paths = generatePaths(groupListsModel)

  it('reach the load, its failure and both ways of retrying', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => listsState(step.state))))
    expect([...visited].sort()).toEqual(['failed', 'idle', 'loaded', 'loading', 'refreshing'])
    const events = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)))
    expect(events).toContain('groups.retry')
    expect([...events].some((type) => type.startsWith('xstate.after.retryDelay'))).toBe(true)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(groupListsModel, path)}`, () =>
      replayPath(groupListsModel, harness, path))
  }
})
