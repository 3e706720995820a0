import { describe, expect, it } from 'vitest'
import { groupsMachine, selectActiveGroup } from '../../src/machines/groups.machine'
import type { GroupsContext } from '../../src/machines/groups.types'
import { groupPushModel } from './group-push.model'
import { generatePaths, pathTitle } from './paths'
import { type PathHarness, replayPath } from './replay'

const harness: PathHarness = {
  provide: ({ record, stub }) =>
    groupsMachine.provide({
      actors: {
        loadGroupLists: stub('loadGroupLists') as never,
        refreshGroupLists: stub('refreshGroupLists') as never,
        changeGroup: stub('changeGroup') as never,
      },
      actions: {
        notify: (_, notice) => record({ notice }),
        resetStores: (_, { stores }) => record({ reset: stores }),
      },
    }),
  checkState: (snapshot) => {
    const context = snapshot.context as GroupsContext
    // once lists are in, the active group is one of them (never a group that is gone), but for the
    // moment the player's own leave of it is on its way: its answer moves the player to group 1000
    const ownLeaveOnItsWay = context.change?.group.id === context.activeGroupId
    if (context.groups.length > 0 && !ownLeaveOnItsWay) expect(() => selectActiveGroup(context)).not.toThrow()
  },
}

describe(`${groupPushModel.name} paths`, () => {
  const paths = generatePaths(groupPushModel)

  it('reach the push while shown and while a read is on its way, and the active group lost both ways', () => {
    const steps = paths.flatMap((path) => path.steps)
    const events = new Set(steps.map((step) => step.event.type))
    expect(events).toContain('groups.changed')
    expect(events).toContain('xstate.done.actor.changeGroup')
    const endsIn1000 = steps.some(
      (step) =>
        step.event.type === 'xstate.done.actor.refreshGroupLists' &&
        (step.state.context as GroupsContext).activeGroupId === 1000,
    )
    expect(endsIn1000).toBe(true)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(groupPushModel, path)}`, () =>
      replayPath(groupPushModel, harness, path))
  }
})
