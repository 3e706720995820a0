import type { SettingsPatch } from '../api/settings'

/** The two notification kinds and their two channels (spec §3 "Settings"). */
export type NotificationKind = 'importantMessages' | 'dailyCloseout'
export type NotificationChannel = 'email' | 'push'

/** The patch that switches one channel of one notification kind. */
export function notificationPatch(
  kind: NotificationKind,
  channel: NotificationChannel,
  on: boolean,
): SettingsPatch {
  return { notifications: { [kind]: { [channel]: on } } }
}

/**
 * Two patches as one, the later winning key by key: changes made while a save runs are sent together
 * afterwards, and none is lost.
 */
export function combinePatches(first: SettingsPatch | undefined, later: SettingsPatch): SettingsPatch {
  if (!first) return later
  const notifications =
    first.notifications || later.notifications
      ? {
          importantMessages: {
            ...first.notifications?.importantMessages,
            ...later.notifications?.importantMessages,
          },
          dailyCloseout: { ...first.notifications?.dailyCloseout, ...later.notifications?.dailyCloseout },
        }
      : undefined
  const dataUtilization =
    first.dataUtilization || later.dataUtilization
      ? { ...first.dataUtilization, ...later.dataUtilization }
      : undefined
  return {
    ...first,
    ...later,
    ...(notifications ? { notifications: withoutEmpty(notifications) } : {}),
    ...(dataUtilization ? { dataUtilization } : {}),
  }
}

/** Leaves out the notification kinds neither patch touched, so the body says only what changed. */
function withoutEmpty(notifications: NonNullable<SettingsPatch['notifications']>) {
  return Object.fromEntries(
    Object.entries(notifications).filter(([, channels]) => channels && Object.keys(channels).length > 0),
  ) as NonNullable<SettingsPatch['notifications']>
}
