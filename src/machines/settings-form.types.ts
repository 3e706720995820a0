import type { Settings, SettingsPatch } from '../api/settings'
import type { NotificationChannel, NotificationKind } from '../domain/settings-patch'

export type { Settings, SettingsPatch }

export interface SettingsFormInput {
  /** the session's copy of the settings; absent when they could not be fetched at sign-in */
  readonly settings?: Settings
}

export interface SettingsFormContext {
  /** what the server last confirmed */
  readonly saved?: Settings
  /** what the screen shows: saved plus the changes not yet confirmed */
  readonly shown?: Settings
  /** changes waiting for the running save to finish */
  readonly pending?: SettingsPatch
  /** the changes the running save sends */
  readonly sending?: SettingsPatch
  /** 'Error saving settings' or 'Error fetching settings!' */
  readonly error?: string
}

export type SettingsFormEvent =
  | {
      readonly type: 'settings.notificationToggled'
      readonly kind: NotificationKind
      readonly channel: NotificationChannel
      readonly on: boolean
    }
  | { readonly type: 'settings.watchTitleAdded'; readonly titleId: number }
  | { readonly type: 'settings.watchTitleRemoved'; readonly titleId: number }
  /** fetches the settings again after a failed fetch */
  | { readonly type: 'settings.retry' }

/** Spec §8 "Other" and fetch errors. */
export const settingsTexts = {
  saveFailed: 'Error saving settings',
  fetchFailed: 'Error fetching settings!',
} as const
