import { describe, expect, it } from 'vitest'
import { fromCallback } from 'xstate'
import { socketMachine } from '../../src/machines/socket.machine'
import type { SocketCommand } from '../../src/machines/socket.types'
import { generatePaths, pathTitle, stateName } from './paths'
import { type PathHarness, replayPath } from './replay'
import { socketModel } from './socket.model'

let openSockets = 0

/**
 * Records what the socket actor is asked (open, close, emits with their payloads), the notices, the
 * navigation, the logout and the reports; the path's socket events are sent to the machine as they
 * would come from socket.io-client.
 */
const harness: PathHarness = {
  provide: ({ record, stub }) =>
    socketMachine.provide({
      actors: {
        listenToSocket: fromCallback<SocketCommand>(({ receive }) => {
          openSockets += 1
          record({ socket: 'open' })
          receive((command) =>
            record(
              command.type === 'socket.authorize'
                ? { socket: 'authorize', credentials: command.credentials }
                : { socket: 'subscribe', titleIds: command.titleIds },
            ),
          )
          return () => {
            openSockets -= 1
            record({ socket: 'close' })
          }
        }),
        refreshUser: stub('refreshUser') as never,
      },
      actions: {
        notify: (_, notice) => record({ notice }),
        navigateToLogin: () => record({ navigate: 'login' }),
        logout: () => record({ action: 'logs the user out' }),
        reportMissingTitles: (_, missing) => record({ report: missing }),
      },
    }),
  // exactly one socket while live, none otherwise
  checkState: (snapshot) => expect(openSockets).toBe(stateName(snapshot).startsWith('live.') ? 1 : 0),
}

describe(`${socketModel.name} paths`, () => {
  const paths = generatePaths(socketModel)
  const transitions = new Set(
    paths.flatMap((path) =>
      path.steps
        .slice(1)
        .map(
          (step, i) =>
            `${stateName(path.steps[i]?.state as never)} ${step.event.type} ${stateName(step.state)}`,
        ),
    ),
  )

  it('reach every state, and both ways of being logged out', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state))))
    expect([...visited].sort()).toEqual([
      'disconnected',
      'live.authorizing',
      'live.authorizingAgain',
      'live.connecting',
      'live.reauthorizing',
      'live.subscribed',
      'live.subscribing',
      'loggedOut',
    ])
    for (const transition of [
      'live.authorizingAgain socket.authorized loggedOut',
      'live.reauthorizing xstate.error.actor.refreshUser loggedOut',
      'live.subscribing socket.subscribeFailed loggedOut',
      'live.subscribing socket.subscribeFailed live.subscribed',
      'live.subscribing socket.subscribed live.subscribing',
      'live.subscribed titles.added live.subscribing',
      'live.subscribed socket.disconnected live.connecting',
    ])
      expect(transitions, transition).toContain(transition)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(socketModel, path)}`, () => replayPath(socketModel, harness, path))
  }
})
