import { type ActorOptions, createActor, fromPromise, toPromise } from 'xstate'
import {
  type ApiClient,
  apiCalls,
  type CallArgs,
  type CallDefinition,
  type CallName,
  type CallResult,
  newIdempotencyKey,
} from '../api/client'
import type { ServerErrorMachine } from '../machines/server-error.machine'
import type { ServerCallOutcome } from '../machines/server-error.types'
import { errorRoutingFor, type Navigator } from './navigation'
import type { Notifier } from './notifier'

/** The effects the server-error policy needs. */
export interface ServerErrorPolicyDeps {
  readonly api: ApiClient
  readonly navigate: Navigator
  readonly notify: Notifier
}

/** A game API call as data: what the policy's `callServer` runs on every attempt. */
export interface ApiRequest<N extends CallName = CallName> {
  readonly call: N
  readonly args?: CallArgs<N>
}

type LooseCall = (name: CallName, args?: object) => Promise<unknown>

/**
 * One attempt of the policy: the request through the client, cancelled with the attempt. The policy
 * owns the retries of a 5xx answer, so the client hands those over at once and retries only what gets
 * no answer: one layer per failure, never one inside the other (see `createApiClient`).
 */
export function attemptUnderPolicy(api: ApiClient, request: ApiRequest, signal: AbortSignal) {
  return (api.call as LooseCall)(request.call, { ...request.args, signal, passServerErrors: true })
}

/** Runs an `ApiRequest` through the client, one attempt of the policy. */
export const callServer = (api: ApiClient) =>
  fromPromise<unknown, unknown>(({ input, signal }) => attemptUnderPolicy(api, input as ApiRequest, signal))

/** The production wiring of the policy: API calls, the error route, the notices. */
export function provideServerErrorPolicy(
  machine: ServerErrorMachine,
  { api, navigate, notify }: ServerErrorPolicyDeps,
) {
  return machine.provide({
    actors: { callServer: callServer(api) },
    actions: {
      navigateToError: () => errorRoutingFor(navigate).toError(),
      navigateBack: () => errorRoutingFor(navigate).back(),
      notify: (_, notice) => notify.show(notice),
    },
  })
}

/** Throws the failure of a rejected outcome, returns the answer of a resolved one. */
export function settle(outcome: ServerCallOutcome): unknown {
  if (!outcome.ok) throw outcome.error
  return outcome.data
}

/** Runs one request under a provided policy; rejects with the last failure. */
export async function runWithPolicy(
  policy: ServerErrorMachine,
  request: unknown,
  options: Pick<ActorOptions<ServerErrorMachine>, 'clock'> = {},
): Promise<unknown> {
  const actor = createActor(policy, { input: { request }, ...options }).start()
  return settle(await toPromise(actor))
}

/**
 * A typed game API call under the policy. Tag and vote get their Idempotency-Key here, once, so the
 * policy's later attempts are replays of the same logical call too.
 */
export function callWithPolicy<N extends CallName>(
  policy: ServerErrorMachine,
  name: N,
  ...rest: object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>]
): Promise<CallResult<N>> {
  const args = (rest[0] ?? {}) as CallArgs<N>
  const definition: CallDefinition = apiCalls[name]
  const withKey =
    definition.idempotencyKey && !args.idempotencyKey
      ? { ...args, idempotencyKey: newIdempotencyKey() }
      : args
  return runWithPolicy(policy, { call: name, args: withKey } satisfies ApiRequest<N>) as Promise<
    CallResult<N>
  >
}
