import { describe, expect, it } from 'vitest'
import { groupsMachine, selectActiveGroup, selectInvitations } from '../../src/machines/groups.machine'
import type { GroupsContext } from '../../src/machines/groups.types'
import { changeState, groupsAfter, groupsModel } from './groups.model'
import { generatePaths, pathTitle } from './paths'
import { type PathHarness, replayPath } from './replay'

/** Records the calls, the store resets and the notices; checks the lists and the active group. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    groupsMachine.provide({
      actors: { changeGroup: stub('changeGroup') as never },
      actions: {
        resetStores: (_, { stores }) => record({ stores, event: { type: 'store.reset' } }),
        notify: (_, notice) => record({ notice }),
      },
    }),
  checkState: (snapshot, { event, history }) => {
    const context = snapshot.context as GroupsContext
    const expected = groupsAfter([...history, event])
    expect(context.activeGroupId).toBe(expected.active)
    expect(context.groups).toEqual(expected.mine)
    expect(selectInvitations(context)).toEqual(expected.invited)
    expect(context.publicGroups).toEqual(expected.open)
    if (expected.active === undefined)
      expect(() => selectActiveGroup(context)).toThrow('No active user group is set')
    else expect(selectActiveGroup(context).id).toBe(expected.active)
  },
}

describe(`${groupsModel.name} paths`, () => {
  const paths = generatePaths(groupsModel)

  it('reach every change, and its success and failure', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => changeState(step.state))))
    expect([...visited].sort()).toEqual(['changing', 'idle'])
    // every kind of change is sent, and each succeeds and fails
    const answered = paths.flatMap((path) =>
      path.steps.flatMap((step, i) => {
        const change = (path.steps[i - 1]?.state.context as GroupsContext | undefined)?.change
        const [, kind] = /^xstate\.(done|error)\.actor\.changeGroup$/.exec(step.event.type) ?? []
        return change && kind ? [`${change.kind} ${kind}`] : []
      }),
    )
    expect(new Set(answered)).toEqual(
      new Set(
        ['select', 'join', 'leave', 'delete', 'save', 'setMembers'].flatMap((kind) => [
          `${kind} done`,
          `${kind} error`,
        ]),
      ),
    )
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(groupsModel, path)}`, () => replayPath(groupsModel, harness, path))
  }
})
