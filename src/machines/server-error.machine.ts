import { assign, fromPromise, setup } from 'xstate'
import { type Notice, noticeKeys, noticeTexts } from './notices'
import {
  isServerFailure,
  retryDelayMs,
  type ServerCallOutcome,
  type ServerErrorContext,
  type ServerErrorInput,
  serverErrorRetries,
} from './server-error.types'

const retryNotice = ({ context }: { context: ServerErrorContext }): Notice => ({
  kind: 'negative',
  message: noticeTexts.serverError,
  caption: noticeTexts.retryCountdown(retryDelayMs(context.failures) / 1000),
  timeoutMs: retryDelayMs(context.failures),
  countdown: true,
  key: noticeKeys.serverError,
})

const noMoreRetriesNotice = ({ context }: { context: ServerErrorContext }): Notice => ({
  kind: 'negative',
  message: noticeTexts.noMoreRetries(context.failures),
  key: noticeKeys.serverError,
})

/** Spec §8: one game API call under the server-error policy; its output says how it ended. */
export const serverErrorMachine = setup({
  types: {} as {
    context: ServerErrorContext
    input: ServerErrorInput | undefined
    output: ServerCallOutcome
  },
  actors: {
    callServer: fromPromise<unknown, unknown>(async () => {
      throw new Error('callServer is provided by src/actors')
    }),
  },
  guards: {
    /** a failure the policy does not retry (a 4xx, a network error the call handles itself) */
    isNotServerError: (_, failed: { readonly error: unknown }) => !isServerFailure(failed.error),
    canRetry: ({ context }) => context.failures < context.maxRetries,
    hasFailed: ({ context }) => context.failures > 0,
  },
  delays: {
    retryDelay: ({ context }) => retryDelayMs(context.failures),
  },
  actions: {
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    navigateToError: () => {},
    /** back from the error route to where the app was (spec §4: the server answers again) */
    navigateBack: () => {},
    notify: (_, _notice: Notice) => {},
    reportServerError: () => {},
  },
}).createMachine({
  id: 'serverError',
  context: ({ input }) => ({
    request: input?.request,
    maxRetries: input?.maxRetries ?? serverErrorRetries,
    failures: 0,
  }),
  initial: 'calling',
  states: {
    calling: {
      invoke: {
        id: 'callServer',
        src: 'callServer',
        input: ({ context }: { context: ServerErrorContext }) => context.request,
        onDone: [
          {
            guard: 'hasFailed',
            target: 'succeeded',
            actions: [assign({ data: ({ event }) => event.output, error: undefined }), 'navigateBack'],
          },
          {
            target: 'succeeded',
            actions: assign({ data: ({ event }) => event.output, error: undefined }),
          },
        ],
        onError: [
          {
            guard: { type: 'isNotServerError', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected',
            actions: assign({ error: ({ event }) => event.error }),
          },
          {
            guard: 'canRetry',
            target: 'waiting',
            actions: [
              'countFailure',
              assign({ error: ({ event }) => event.error }),
              'reportServerError',
              'navigateToError',
              { type: 'notify', params: retryNotice },
            ],
          },
          {
            target: 'exhausted',
            actions: [
              'countFailure',
              assign({ error: ({ event }) => event.error }),
              'reportServerError',
              'navigateToError',
              { type: 'notify', params: noMoreRetriesNotice },
            ],
          },
        ],
      },
    },
    waiting: {
      after: { retryDelay: 'calling' },
    },
    succeeded: { type: 'final' },
    rejected: { type: 'final' },
    exhausted: { type: 'final' },
  },
  output: ({ context }): ServerCallOutcome =>
    context.error === undefined ? { ok: true, data: context.data } : { ok: false, error: context.error },
})

export type ServerErrorMachine = typeof serverErrorMachine
