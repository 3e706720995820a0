import { type ActorRefFrom, fromPromise } from 'xstate'
import type { ApiClient } from '../api/client'
import type { Settings, SettingsPatch } from '../api/settings'
import type { Transaction } from '../api/transactions'
import type { UserProfile } from '../api/users'
import type { TransactionsMachine, UserInfoMachine } from '../machines/account-loaders.machine'
import type { ChangeEmailMachine } from '../machines/change-email.machine'
import type { ChangePasswordMachine } from '../machines/change-password.machine'
import type { ConfirmResendMachine } from '../machines/confirm-resend.machine'
import type { DeleteAccountMachine } from '../machines/delete-account.machine'
import type { FormValues } from '../machines/form.types'
import type { LoaderInput } from '../machines/loader.machine'
import type { SessionMachine } from '../machines/session.machine'
import type { SettingsFormMachine } from '../machines/settings-form.machine'
import type { Navigator } from './navigation'
import type { Notifier } from './notifier'

export interface ApiDeps {
  readonly api: ApiClient
}

interface SessionDeps extends ApiDeps {
  readonly session: ActorRefFrom<SessionMachine>
}

/** How many transactions the credit menu lists: the last ones are what it is for. */
export const creditMenuTransactions = 10

/** The credit menu's last transactions of the player's wallet, newest first. */
export function provideTransactions(machine: TransactionsMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      // input: TransactionsInput
      load: fromPromise<readonly Transaction[], LoaderInput>(({ input, signal }) =>
        api.call('transactions', {
          params: { walletAddress: String(input.walletAddress) },
          query: { limit: creditMenuTransactions },
          signal,
        }),
      ),
    },
  })
}

/** The user info dialog's player. */
export function provideUserInfo(machine: UserInfoMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      // input: UserInfoInput
      load: fromPromise<UserProfile, LoaderInput>(({ input, signal }) =>
        api.call('user', { params: { user: String(input.userId) }, signal }),
      ),
    },
  })
}

/** Settings read and saved as the signed-in player's ('me'); the session hears every saved version. */
export function provideSettingsForm(machine: SettingsFormMachine, { api, session }: SessionDeps) {
  return machine.provide({
    actors: {
      fetchSettings: fromPromise<Settings>(({ signal }) =>
        api.call('settings', { params: { user: 'me' }, signal }),
      ),
      saveSettings: fromPromise<Settings, SettingsPatch>(({ input, signal }) =>
        api.call('patchSettings', { params: { user: 'me' }, body: input, signal }),
      ),
    },
    actions: {
      settingsSaved: (_, settings: Settings) => session.send({ type: 'session.settingsChanged', settings }),
    },
  })
}

/** What a player reads once their account is gone (ours: the spec shows no text). */
export const accountDeletedText = 'Your account was deleted.'

interface DeleteAccountDeps extends SessionDeps {
  readonly navigate: Navigator
  readonly notify: Notifier
}

/**
 * `DELETE /v1/users/me` with the password; once the account is gone the session logs out (the guest
 * is back at once; its logout call may fail now, which changes nothing), the player lands on the
 * sign-in page (not sent back to the settings of an account that no longer exists) and is told.
 */
export function provideDeleteAccount(machine: DeleteAccountMachine, deps: DeleteAccountDeps) {
  return machine.provide({
    actors: {
      submit: fromPromise<unknown, FormValues>(async ({ input, signal }) => {
        await deps.api.call('deleteAccount', { body: { password: String(input.password ?? '') }, signal })
        deps.session.send({ type: 'session.logout' })
        deps.navigate.go('/account/signin', { replace: true })
        deps.notify.show({ kind: 'info', message: accountDeletedText })
        return undefined
      }),
    },
  })
}

/** Settings' "Change password": the server checks the current one and signs the other devices out. */
export function provideChangePassword(machine: ChangePasswordMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      submit: fromPromise<unknown, FormValues>(({ input, signal }) =>
        api.call('changePassword', {
          body: {
            currentPassword: String(input.currentPassword ?? ''),
            password: String(input.password ?? ''),
          },
          signal,
        }),
      ),
    },
  })
}

/** Settings' "Change e-mail address": the server checks the password and mails the new address a link. */
export function provideChangeEmail(machine: ChangeEmailMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      submit: fromPromise<unknown, FormValues>(({ input, signal }) =>
        api.call('changeEmail', {
          body: { email: String(input.email ?? ''), password: String(input.password ?? '') },
          signal,
        }),
      ),
    },
  })
}

/** Settings' "Send the link again": the server mails a new confirmation link. */
export function provideConfirmResend(machine: ConfirmResendMachine, { api }: ApiDeps) {
  return machine.provide({
    actors: {
      submit: fromPromise<unknown, FormValues>(({ signal }) => api.call('resendConfirmEmail', { signal })),
    },
  })
}
