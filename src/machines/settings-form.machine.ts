import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { mergeSettings } from '../api/settings'
import { combinePatches, notificationPatch } from '../domain/settings-patch'
import { addTitle, removeTitle } from '../domain/title-list'
import {
  type Settings,
  type SettingsFormContext,
  type SettingsFormEvent,
  type SettingsFormInput,
  type SettingsPatch,
  settingsTexts,
} from './settings-form.types'

/** The patch an edit makes, given what is shown (the watch list is sent whole, in its order). */
function patchOf(event: SettingsFormEvent, shown: Settings): SettingsPatch | undefined {
  switch (event.type) {
    case 'settings.notificationToggled':
      return notificationPatch(event.kind, event.channel, event.on)
    case 'settings.watchTitleAdded':
      return { watchList: addTitle(shown.watchList, event.titleId) }
    case 'settings.watchTitleRemoved':
      return { watchList: removeTitle(shown.watchList, event.titleId) }
    default:
      return undefined
  }
}

/**
 * Spec §2 /settings: the notification switches and the watch list. Each edit shows at once and is
 * saved by `PATCH /v1/users/me/settings` (the call retries 3 times); edits made during a save go in
 * the next one. A failed save puts back what the server has and says 'Error saving settings'. Saved
 * settings go to the session (`settingsSaved`). Without settings from the session they are fetched.
 */
export const settingsFormMachine = setup({
  types: {} as { context: SettingsFormContext; events: SettingsFormEvent; input: SettingsFormInput },
  actors: {
    fetchSettings: fromPromise<Settings>(async () => {
      throw new Error('fetchSettings is provided by src/actors')
    }),
    saveSettings: fromPromise<Settings, SettingsPatch>(async () => {
      throw new Error('saveSettings is provided by src/actors')
    }),
  },
  guards: {
    hasSettings: ({ context }) => context.shown !== undefined,
    hasPending: ({ context }) => context.pending !== undefined,
  },
  actions: {
    applyEdit: assign(({ context, event }) => {
      if (!context.shown) return {}
      const patch = patchOf(event, context.shown)
      if (!patch) return {}
      return { shown: mergeSettings(context.shown, patch), pending: combinePatches(context.pending, patch) }
    }),
    startSending: assign(({ context }) => ({
      sending: context.pending,
      pending: undefined,
      error: undefined,
    })),
    storeSaved: assign(({ context }, saved: Settings) => ({
      saved,
      shown: context.pending ? mergeSettings(saved, context.pending) : saved,
      sending: undefined,
    })),
    revertSending: assign(({ context }) => ({
      shown: context.saved && context.pending ? mergeSettings(context.saved, context.pending) : context.saved,
      sending: undefined,
      error: settingsTexts.saveFailed,
    })),
    storeFetched: assign((_, settings: Settings) => ({ saved: settings, shown: settings, error: undefined })),
    storeFetchFailure: assign({ error: settingsTexts.fetchFailed }),
    /** tells the session (src/actors) */
    settingsSaved: (_, _settings: Settings) => {},
  },
}).createMachine({
  id: 'settingsForm',
  context: ({ input }) => ({ saved: input.settings, shown: input.settings }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasSettings', target: 'idle' }, { target: 'fetching' }],
    },
    fetching: {
      invoke: {
        src: 'fetchSettings',
        onDone: { target: 'idle', actions: { type: 'storeFetched', params: ({ event }) => event.output } },
        onError: { target: 'fetchFailed', actions: 'storeFetchFailure' },
      },
    },
    fetchFailed: {
      on: { 'settings.retry': 'fetching' },
    },
    idle: {
      always: { guard: 'hasPending', target: 'saving' },
      on: {
        'settings.notificationToggled': { actions: 'applyEdit' },
        'settings.watchTitleAdded': { actions: 'applyEdit' },
        'settings.watchTitleRemoved': { actions: 'applyEdit' },
      },
    },
    saving: {
      entry: 'startSending',
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => context.sending ?? {},
        onDone: {
          target: 'idle',
          actions: [
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'settingsSaved', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'idle', actions: 'revertSending' },
      },
      on: {
        'settings.notificationToggled': { actions: 'applyEdit' },
        'settings.watchTitleAdded': { actions: 'applyEdit' },
        'settings.watchTitleRemoved': { actions: 'applyEdit' },
      },
    },
  },
})

export type SettingsFormMachine = typeof settingsFormMachine
type Snapshot = SnapshotFrom<SettingsFormMachine>

/** The settings as shown (with unsaved edits); undefined while they are fetched. */
export const selectShownSettings = (snapshot: Snapshot) => snapshot.context.shown
export const selectSettingsSaving = (snapshot: Snapshot) => snapshot.matches('saving')
export const selectSettingsFetching = (snapshot: Snapshot) =>
  snapshot.matches('fetching') || snapshot.matches('starting')
/** The spec's text of the last failure, until the next save or fetch. */
export const selectSettingsError = (snapshot: Snapshot) => snapshot.context.error
export const selectSettingsFetchFailed = (snapshot: Snapshot) => snapshot.matches('fetchFailed')
