import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Announcement } from '../api/announcements'

/** How often an open page asks for the operator's announcement. */
export const announcementPollMs = 60_000

/** Where this browser keeps the id of the announcement the player dismissed. */
export const announcementDismissedKey = 'alpha.announcementDismissed'

export interface AnnouncementInput {
  /** the announcement dismissed before (the browser's is restored on entry: `restoreDismissed`) */
  readonly dismissedId?: number
}

export interface AnnouncementContext {
  readonly announcement: Announcement | null
  readonly dismissedId: number | undefined
}

export type AnnouncementEvent = { readonly type: 'announcement.dismiss' }

const shownOf = (context: AnnouncementContext) =>
  context.announcement && context.announcement.id !== context.dismissedId ? context.announcement : undefined

/**
 * The operator's announcement above the game (`npm run admin -- announce`): asked at once and then once
 * a minute, shown until it ends or the player dismisses it (this browser remembers which; a newer one
 * shows again). A failed ask keeps what was shown and asks again a minute later: the banner is news
 * about the game, not the game, so a failure here is not the player's to handle.
 */
export const announcementMachine = setup({
  types: {} as { context: AnnouncementContext; input: AnnouncementInput; events: AnnouncementEvent },
  actors: {
    fetchAnnouncement: fromPromise<Announcement | null>(() => {
      throw new Error('fetchAnnouncement is provided by src/actors')
    }),
  },
  actions: {
    /** takes the id this browser dismissed before into the context (provided by src/actors) */
    restoreDismissed: () => {},
    /** keeps the dismissed id in this browser (provided by src/actors) */
    rememberDismissed: (_, _params: { readonly id: number }) => {},
  },
  delays: { poll: announcementPollMs },
}).createMachine({
  id: 'announcement',
  context: ({ input }) => ({ announcement: null, dismissedId: input.dismissedId }),
  entry: 'restoreDismissed',
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        src: 'fetchAnnouncement',
        onDone: { target: 'waiting', actions: assign({ announcement: ({ event }) => event.output }) },
        onError: { target: 'waiting' },
      },
    },
    waiting: { after: { poll: 'fetching' } },
  },
  on: {
    'announcement.dismiss': {
      guard: ({ context }) => shownOf(context) !== undefined,
      actions: [
        assign({ dismissedId: ({ context }) => context.announcement?.id }),
        { type: 'rememberDismissed', params: ({ context }) => ({ id: context.announcement?.id ?? 0 }) },
      ],
    },
  },
})

export type AnnouncementMachine = typeof announcementMachine

/** The announcement to show: the current one unless this browser dismissed it. */
export const selectShownAnnouncement = (snapshot: SnapshotFrom<AnnouncementMachine>) =>
  shownOf(snapshot.context)
