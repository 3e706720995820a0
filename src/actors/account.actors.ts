import { type ActorRefFrom, fromPromise, waitFor } from 'xstate'
import type { ApiClient, CallName } from '../api/client'
import type { FormValues } from '../domain/account-forms'
import type { FormMachine } from '../machines/form.machine'
import type { SessionMachine } from '../machines/session.machine'
import { selectLoggedIn, selectSessionError } from '../machines/session.select'
import { refreshSession } from './session.actors'

/** What the account forms need of the client (`client.effects` plus the session). */
export interface AccountDeps {
  readonly api: ApiClient
  readonly session: ActorRefFrom<SessionMachine>
}

const text = (values: FormValues, name: string) => {
  const value = values[name]
  return typeof value === 'string' ? value : ''
}

/** An optional name: absent rather than empty. */
const optional = (values: FormValues, name: string) => text(values, name).trim() || undefined

const withSubmit = (
  machine: FormMachine,
  submit: (values: FormValues, signal: AbortSignal) => Promise<unknown>,
) => machine.provide({ actors: { submit: fromPromise(({ input, signal }) => submit(input, signal)) } })

/**
 * POST /v1/auth/signup (the answer sets the session cookie), then the session's forced refresh: the
 * player is signed in and the session routes them on (a new player to the welcome slides).
 */
export function provideSignUp(machine: FormMachine, deps: AccountDeps) {
  return withSubmit(machine, async (values, signal) => {
    const user = await deps.api.call('signUp', {
      body: {
        invitationCode: text(values, 'invitationCode'),
        email: text(values, 'email'),
        username: text(values, 'username'),
        password: text(values, 'password'),
        firstName: optional(values, 'firstName'),
        lastName: optional(values, 'lastName'),
        // the form submits only with the box ticked (signUpRules); the server checks again
        acceptTerms: values.acceptTerms as true,
      },
      signal,
    })
    await refreshSession(deps.session)
    return user
  })
}

/** Signs in through the session (`session.login`); the session navigates on success. */
export function provideSignInForm(machine: FormMachine, deps: Pick<AccountDeps, 'session'>) {
  const { session } = deps
  return withSubmit(machine, async (values) => {
    // the session hears a login only as a guest: let a running boot or refresh end first
    await waitFor(
      session,
      (s) => !s.matches('starting') && !s.matches('fetching') && !s.matches('loggingOut'),
    )
    if (!selectLoggedIn(session.getSnapshot())) {
      session.send({
        type: 'session.login',
        login: text(values, 'login').trim(),
        password: text(values, 'password'),
      })
    }
    const after = await waitFor(session, (s) => !s.matches('signingIn'))
    if (!selectLoggedIn(after)) {
      const error = after.context.error as { code?: unknown } | undefined
      throw {
        code: typeof error?.code === 'string' ? error.code : 'failed',
        message: selectSessionError(after),
      }
    }
    return after.context.user
  })
}

/** POST the forgot-password request; always 202 for a well-formed address. */
export function providePasswordResetRequest(machine: FormMachine, deps: Pick<AccountDeps, 'api'>) {
  return withSubmit(machine, (values, signal) =>
    deps.api.call('requestPasswordReset', { body: { email: text(values, 'email') }, signal }),
  )
}

/** POST the new password with the link's userId, validUntil and sgn (given to the machine as input). */
export function providePasswordReset(machine: FormMachine, deps: Pick<AccountDeps, 'api'>) {
  return withSubmit(machine, (values, signal) =>
    deps.api.call('resetPassword', {
      body: {
        userId: Number(text(values, 'userId')),
        validUntil: Number(text(values, 'validUntil')),
        sgn: text(values, 'sgn'),
        password: text(values, 'password'),
      },
      signal,
    }),
  )
}

/** The e-mail links' calls: confirm-email and unsubscribe take userId, email and sgn; an e-mail change more. */
export type EmailLinkCall = Extract<CallName, 'confirmEmail' | 'unsubscribe' | 'changeEmailLink'>

/**
 * POST an e-mail link (the page acts by a button: mail scanners fetch links), as the link gave it; then
 * the session asks who is signed in again: the address, its confirmation or (a take-back) the session
 * itself may have changed, and Settings shows what the account is now.
 */
export function provideEmailLink(machine: FormMachine, deps: AccountDeps, call: EmailLinkCall) {
  return withSubmit(machine, async (values, signal) => {
    const link = { userId: text(values, 'userId'), email: text(values, 'email'), sgn: text(values, 'sgn') }
    if (call !== 'changeEmailLink') await deps.api.call(call, { body: link, signal })
    else {
      // a confirmation names the address it replaces; a take-back does not
      const from = optional(values, 'from')
      const body = { ...link, validUntil: text(values, 'validUntil'), ...(from ? { from } : {}) }
      await deps.api.call(call, { body, signal })
    }
    await refreshSession(deps.session)
    return undefined
  })
}
