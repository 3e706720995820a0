import { defaultSettings, mergeSettings, type Settings, settingsPatchSchema } from '../../src/api/settings'
import { dayStartOf } from '../../src/domain/ranking-periods'
import type { UserRow, UserUpdate } from '../db/tables/users.table'

/** Stored settings are a patch over the defaults, so a default changed later reaches everyone who kept it. */
export function settingsOf(user: Pick<UserRow, 'settings'>): Settings {
  const stored = settingsPatchSchema.safeParse(JSON.parse(user.settings))
  return mergeSettings(defaultSettings, stored.success ? stored.data : {})
}

/**
 * What saving `next` writes to the player's row: the settings, and the daily closeout's next day (the
 * job finds its players by it): kept while the closeout stays on, today when it is turned on (its first
 * closeout is today's, sent after midnight), none when it is off on both channels.
 */
export function settingsUpdate(
  user: Pick<UserRow, 'closeoutNextDay'>,
  next: Settings,
  now: number,
  timeZone: string,
): UserUpdate {
  const { email, push } = next.notifications.dailyCloseout
  const wanted = email || push
  return {
    settings: JSON.stringify(next),
    closeoutNextDay: wanted ? (user.closeoutNextDay ?? dayStartOf(now, timeZone)) : null,
  }
}
