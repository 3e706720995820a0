import { describe, expect, it } from 'vitest'
import { guestUser, isLoggedInUser } from '../../src/api/guest-user'
import { sessionMachine } from '../../src/machines/session.machine'
import type { SessionContext } from '../../src/machines/session.types'
import { generatePaths, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'
import { alice, sessionModel } from './session.model'

/** Records the calls, the clearing of stored data, the routing, the notices; emits come from the actor. */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    sessionMachine.provide({
      actors: {
        fetchAuthInfo: stub('fetchAuthInfo') as never,
        signIn: stub('signIn') as never,
        postLogout: stub('postLogout') as never,
      },
      actions: {
        clearStoredVotes: () => record({ action: 'clears the stored votes' }),
        clearStoredTaggedMessages: () => record({ action: 'clears the stored tagged messages' }),
        routeBySession: (_, routing) => record({ route: routing }),
        notify: (_, notice) => record({ notice }),
      },
    }),
  // logged in exactly in the states that say so, as alice; the guest placeholder otherwise
  checkState: (snapshot) => {
    const { user } = snapshot.context as SessionContext
    const at = stateName(snapshot)
    if (at === 'loggedIn') expect(user).toEqual(expect.objectContaining({ id: alice.id }))
    if (at.startsWith('guest.') || at === 'loggingOut') expect(user).toBe(guestUser)
    expect(isLoggedInUser(user)).toBe(user.id !== -1)
  },
}

describe(`${sessionModel.name} paths`, () => {
  const paths = generatePaths(sessionModel)

  it('reach every state', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual([
      'fetching',
      'guest.known',
      'guest.unknown',
      'loggedIn',
      'loggingOut',
      'signingIn',
    ])
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(sessionModel, path)}`, () => replayPath(sessionModel, harness, path))
  }
})
