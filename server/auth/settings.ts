import { defaultSettings, mergeSettings, type Settings, settingsPatchSchema } from '../../src/api/settings'
import type { UserRow } from '../db/tables/users.table'

/** Stored settings are a patch over the defaults, so a default changed later reaches everyone who kept it. */
export function settingsOf(user: Pick<UserRow, 'settings'>): Settings {
  const stored = settingsPatchSchema.safeParse(JSON.parse(user.settings))
  return mergeSettings(defaultSettings, stored.success ? stored.data : {})
}
