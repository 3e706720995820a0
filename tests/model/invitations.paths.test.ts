import { describe, expect, it } from 'vitest'
import {
  invitationsMachine,
  selectCreatedInvitation,
  selectInvitationError,
  selectInvitations,
  selectInvitationsLeft,
  selectInvitationsLoadFailed,
  selectLinkCopied,
} from '../../src/machines/invitations.machine'
import { invitationsAfter, invitationsModel } from './invitations.model'
import { generatePaths, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'

/** Records the calls; checks the list, the new link, the error text and the selectors the dialog reads. */
const harness: PathHarness = {
  provide: ({ stub }) =>
    invitationsMachine.provide({
      actors: {
        loadInvitations: stub('loadInvitations') as never,
        createInvitation: stub('createInvitation') as never,
        withdrawInvitation: stub('withdrawInvitation') as never,
        copyText: stub('copyText') as never,
      },
    }),
  checkState: (snapshot, { event, history }) => {
    const expected = invitationsAfter([...history, event])
    const state = snapshot as Parameters<typeof selectInvitations>[0]
    expect(selectInvitations(state)).toEqual(expected.invitations)
    expect(selectCreatedInvitation(state)).toEqual(expected.created)
    expect(selectInvitationError(state)).toBe(expected.error)
    expect(selectLinkCopied(state)).toBe(expected.copied)
    expect(selectInvitationsLoadFailed(state)).toBe(stateName(snapshot) === 'loadFailed')
    const open = expected.invitations.filter((i) => i.state === 'open').length
    if (stateName(snapshot).startsWith('ready')) expect(selectInvitationsLeft(state)).toBe(5 - open)
  },
}

describe(`${invitationsModel.name} paths`, () => {
  const paths = generatePaths(invitationsModel)

  it('reach loading, its failure and retry, and every action of the list', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual([
      'loadFailed',
      'loading',
      'ready.copying',
      'ready.creating',
      'ready.idle',
      'ready.withdrawing',
    ])
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(invitationsModel, path)}`, () =>
      replayPath(invitationsModel, harness, path))
  }
})
