import { assign, fromCallback, setup } from 'xstate'
import { defaultNoticeTimeoutMs, type Notice, noticeKeys, notices } from './notices'
import {
  expiryTimerId,
  maxNotices,
  type NotificationsContext,
  type NotificationsEvent,
  type NotificationsInput,
  type ShownNotice,
} from './notifications.types'

const notificationsSetup = setup({
  types: {} as {
    context: NotificationsContext
    events: NotificationsEvent
    input: NotificationsInput | undefined
  },
  actors: {
    /** the browser's online and offline events, as `connectivity.*` events */
    watchConnectivity: fromCallback(() => {
      throw new Error('watchConnectivity is provided by src/actors')
    }),
  },
  guards: {
    isOffline: ({ context }) => !context.online,
  },
  actions: {
    setOnline: assign({ online: ({ event }) => event.type !== 'connectivity.offline' }),
  },
})

type Collect = Parameters<typeof notificationsSetup.enqueueActions>[0]
type CollectArgs = Parameters<Collect>[0]

/** Adds a notice: replaces the one with its key, drops the oldest past the limit, starts its timer. */
function show({ context, enqueue }: CollectArgs, notice: Notice) {
  const replaced = context.notices.filter((shown) => notice.key !== undefined && shown.key === notice.key)
  const kept = context.notices.filter((shown) => !replaced.includes(shown))
  const overflow = kept.slice(0, Math.max(0, kept.length + 1 - maxNotices))
  for (const old of [...replaced, ...overflow]) enqueue.cancel(expiryTimerId(old.id))
  const id = context.nextId
  const timeoutMs = notice.timeoutMs ?? defaultNoticeTimeoutMs
  enqueue.assign({ notices: [...kept.slice(overflow.length), { ...notice, id, timeoutMs }], nextId: id + 1 })
  if (timeoutMs > 0) enqueue.raise({ type: 'notice.expire', id }, { delay: timeoutMs, id: expiryTimerId(id) })
}

/** Removes the notices that match and stops their timers. */
function remove({ context, enqueue }: CollectArgs, matches: (notice: ShownNotice) => boolean) {
  const gone = context.notices.filter(matches)
  if (gone.length === 0) return
  for (const notice of gone) enqueue.cancel(expiryTimerId(notice.id))
  enqueue.assign({ notices: context.notices.filter((notice) => !matches(notice)) })
}

const idOf = (event: NotificationsEvent) =>
  event.type === 'notice.dismiss' || event.type === 'notice.expire' ? event.id : undefined

/**
 * Spec §8, §9 "Notification default timeout": the notices on screen, positive, negative, warning or
 * info, each closing after its timeout (5000 ms unless it says otherwise; 0 keeps it) or when
 * dismissed; a notice with a key replaces the one shown with that key. 'No internet connection.' stays
 * while the browser is offline.
 */
export const notificationsMachine = notificationsSetup
  .extend({
    actions: {
      showNotice: notificationsSetup.enqueueActions((args) => {
        if (args.event.type === 'notice.show') show(args, args.event.notice)
      }),
      showOffline: notificationsSetup.enqueueActions((args) => show(args, notices.noInternet)),
      removeNotice: notificationsSetup.enqueueActions((args) => {
        const id = idOf(args.event)
        remove(args, (notice) => notice.id === id)
      }),
      removeOffline: notificationsSetup.enqueueActions((args) =>
        remove(args, (notice) => notice.key === noticeKeys.noInternet),
      ),
    },
  })
  .createMachine({
    id: 'notifications',
    context: ({ input }) => ({ notices: [], nextId: 1, online: input?.online ?? true }),
    invoke: { id: 'watchConnectivity', src: 'watchConnectivity' },
    initial: 'checking',
    states: {
      checking: {
        always: [{ guard: 'isOffline', target: 'offline' }, { target: 'online' }],
      },
      online: {
        on: { 'connectivity.offline': { target: 'offline', actions: 'setOnline' } },
      },
      offline: {
        entry: 'showOffline',
        exit: 'removeOffline',
        on: { 'connectivity.online': { target: 'online', actions: 'setOnline' } },
      },
    },
    on: {
      'notice.show': { actions: 'showNotice' },
      'notice.dismiss': { actions: 'removeNotice' },
      'notice.expire': { actions: 'removeNotice' },
    },
  })

export type NotificationsMachine = typeof notificationsMachine
