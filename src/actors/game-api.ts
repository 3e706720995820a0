import type { CallArgs, CallName, CallResult } from '../api/client'
import { serverErrorMachine } from '../machines/server-error.machine'
import type { Navigator } from './navigation'
import { callWithPolicy, provideServerErrorPolicy, type ServerErrorPolicyDeps } from './server-error.actors'

/** An actor as the wiring needs it: something to send events to. */
export interface Sendable<E> {
  send(event: E): void
}

/** A game API call under the server-error policy (spec §8): 5xx answers retried after 2^n s. */
export type GameCall = <N extends CallName>(name: N, args: CallArgs<N>) => Promise<CallResult<N>>

export function gameCallFor(deps: ServerErrorPolicyDeps): GameCall {
  const policy = provideServerErrorPolicy(serverErrorMachine, deps)
  return (name, args) => (callWithPolicy as (...a: unknown[]) => Promise<never>)(policy, name, args)
}

/** The sign-in route, with the wanted path to come back to (spec §2 "Global navigation rules"). */
export const signInRoute = '/account/signin'

export function goToSignIn(navigate: Navigator) {
  const here = navigate.current()
  navigate.go(here.startsWith(signInRoute) ? here : `${signInRoute}?next=${encodeURIComponent(here)}`)
}
