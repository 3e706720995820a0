import type { SnapshotFrom } from 'xstate'
import { isLoggedInUser } from '../api/guest-user'
import type { SessionMachine } from './session.machine'

type SessionSnapshot = SnapshotFrom<SessionMachine>

/** Spec §4 "Login": logged in means the user id differs from -1. */
export const selectLoggedIn = (snapshot: SessionSnapshot) => isLoggedInUser(snapshot.context.user)

/** The signed-in player's settings say first time (spec §4 "First-time state"). */
export const selectFirstTime = (snapshot: SessionSnapshot) =>
  isLoggedInUser(snapshot.context.user) && snapshot.context.settings?.isFirstTimeUser === true

/** The player or the guest placeholder. */
export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.user

export const selectSettings = (snapshot: SessionSnapshot) => snapshot.context.settings

/** A sign-in or auth-info call is running. */
export const selectSessionBusy = (snapshot: SessionSnapshot) =>
  snapshot.matches('starting') || snapshot.matches('fetching') || snapshot.matches('signingIn')

/** Why the last sign-in failed, as the text to show. */
export const selectSessionError = (snapshot: SessionSnapshot) => {
  const error = snapshot.context.error
  return error instanceof Error ? error.message : error === undefined ? undefined : String(error)
}
