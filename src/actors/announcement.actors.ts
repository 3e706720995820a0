import { assign, fromPromise } from 'xstate'
import type { Announcement } from '../api/announcements'
import type { ApiClient } from '../api/client'
import { type AnnouncementMachine, announcementDismissedKey } from '../machines/announcement.machine'
import type { KeyValueStorage } from './persistence'

/** The dismissed id this browser kept, if it reads as one. */
export function dismissedAnnouncementIn(
  storage: Pick<KeyValueStorage, 'getItem'> | undefined,
): number | undefined {
  const id = Number(storage?.getItem(announcementDismissedKey))
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** The banner's effects: `GET /v1/announcement`, and the dismissed id kept in this browser. */
export function provideAnnouncement(
  machine: AnnouncementMachine,
  deps: {
    readonly api: ApiClient
    /** @default the browser's localStorage */
    readonly storage?: Pick<KeyValueStorage, 'getItem' | 'setItem'>
  },
) {
  const storage = deps.storage ?? globalThis.localStorage
  return machine.provide({
    actors: {
      fetchAnnouncement: fromPromise<Announcement | null>(
        async ({ signal }) => (await deps.api.call('announcement', { signal })).announcement,
      ),
    },
    actions: {
      restoreDismissed: assign({
        dismissedId: ({ context }) => dismissedAnnouncementIn(storage) ?? context.dismissedId,
      }),
      // a browser that keeps nothing (private mode's full storage) shows it again next time
      rememberDismissed: (_, { id }) => {
        try {
          storage?.setItem(announcementDismissedKey, String(id))
        } catch {}
      },
    },
  })
}
