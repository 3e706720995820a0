import type { Settings } from '../api/settings'

/**
 * Whether the player wants anything as a push notification (Settings: important messages or the daily
 * closeout): then this browser subscribes to push for them. Without settings (a guest) nothing is wanted.
 */
export function wantsPush(settings: Pick<Settings, 'notifications'> | undefined): boolean {
  const notifications = settings?.notifications
  return (
    notifications !== undefined && (notifications.importantMessages.push || notifications.dailyCloseout.push)
  )
}
