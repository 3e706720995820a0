import { fromPromise } from 'xstate'
import type { IncomingMessage } from '../domain/live-stream'
import type { LiveStreamMachine } from '../machines/live-stream.machine'
import type { ErrorReporter } from './error-reporting'
import type { GameCall } from './game-api'
import type { GameReads } from './game-reads'
import type { Notifier } from './notifier'

/** The player's untagged messages (20 s timeout, 2 retries: the call table's). */
export const fetchUntaggedMessages = (call: GameCall) =>
  fromPromise<readonly IncomingMessage[]>(() => call('untaggedMessages', {}))

export interface LiveStreamDeps {
  readonly reads: GameReads
  readonly notify: Notifier
  readonly reporter: ErrorReporter
}

/** The production wiring of the live stream. */
export function provideLiveStream(machine: LiveStreamMachine, deps: LiveStreamDeps) {
  return machine.provide({
    actors: { fetchMessages: fetchUntaggedMessages(deps.reads.read) },
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
