import { fromPromise } from 'xstate'
import type { IncomingMessage } from '../domain/live-stream'
import type { LiveStreamMachine } from '../machines/live-stream.machine'
import type { ErrorReporter } from './error-reporting'
import { type GameCall, gameCallFor } from './game-api'
import type { Notifier } from './notifier'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The player's untagged messages (20 s timeout, 2 retries: the call table's). */
export const fetchUntaggedMessages = (call: GameCall) =>
  fromPromise<readonly IncomingMessage[]>(() => call('untaggedMessages', {}))

export interface LiveStreamDeps extends ServerErrorPolicyDeps {
  readonly notify: Notifier
  readonly reporter: ErrorReporter
}

/** The production wiring of the live stream. */
export function provideLiveStream(machine: LiveStreamMachine, deps: LiveStreamDeps) {
  return machine.provide({
    actors: { fetchMessages: fetchUntaggedMessages(gameCallFor(deps)) },
    actions: {
      notify: (_, notice) => deps.notify.show(notice),
      reportError: (_, report) =>
        deps.reporter.report({
          message: report.message,
          context: { missing: report.missing },
          level: 'warning',
        }),
    },
  })
}
