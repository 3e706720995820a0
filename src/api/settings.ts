import { z } from 'zod'
import { defaultWatchList } from '../domain/default-watch-list'

const channels = z.strictObject({ email: z.boolean(), push: z.boolean() })

/** A player's settings; new accounts get the spec's defaults. */
export const settingsSchema = z.strictObject({
  isFirstTimeUser: z.boolean(),
  dataUtilization: z.strictObject({ analyticsCookies: z.boolean() }),
  notifications: z.strictObject({ importantMessages: channels, dailyCloseout: channels }),
  /** title ids, in the order the player arranged them */
  watchList: z.array(z.number().int().positive()).max(100),
})
export type Settings = z.infer<typeof settingsSchema>

export const defaultSettings: Settings = {
  isFirstTimeUser: true,
  dataUtilization: { analyticsCookies: true },
  notifications: {
    importantMessages: { email: false, push: true },
    dailyCloseout: { email: false, push: false },
  },
  watchList: [...defaultWatchList],
}

/** PATCH body: any subset of the settings, nested objects merged key by key. */
export const settingsPatchSchema = z.strictObject({
  isFirstTimeUser: z.boolean().optional(),
  dataUtilization: z.strictObject({ analyticsCookies: z.boolean().optional() }).optional(),
  notifications: z
    .strictObject({
      importantMessages: channels.partial().optional(),
      dailyCloseout: channels.partial().optional(),
    })
    .optional(),
  watchList: z
    .array(z.number().int().positive())
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, {
      error: 'A title can be on the watch list only once',
    })
    .optional(),
})
export type SettingsPatch = z.infer<typeof settingsPatchSchema>

/** Applies a patch; what the patch leaves out keeps its value. */
export function mergeSettings(current: Settings, patch: SettingsPatch): Settings {
  return {
    isFirstTimeUser: patch.isFirstTimeUser ?? current.isFirstTimeUser,
    dataUtilization: { ...current.dataUtilization, ...patch.dataUtilization },
    notifications: {
      importantMessages: {
        ...current.notifications.importantMessages,
        ...patch.notifications?.importantMessages,
      },
      dailyCloseout: { ...current.notifications.dailyCloseout, ...patch.notifications?.dailyCloseout },
    },
    watchList: patch.watchList ?? current.watchList,
  }
}
