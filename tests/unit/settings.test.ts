import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  defaultSettings,
  mergeSettings,
  type Settings,
  type SettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from '../../src/api/settings'

const amazon = 2517
const apple = 2494
const tesla = 2793
const bitcoin = 99979

const channels = fc.record({ email: fc.boolean(), push: fc.boolean() })
const watchList = fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 100 })

const settings: fc.Arbitrary<Settings> = fc.record({
  isFirstTimeUser: fc.boolean(),
  dataUtilization: fc.record({ analyticsCookies: fc.boolean() }),
  notifications: fc.record({ importantMessages: channels, dailyCloseout: channels }),
  watchList,
})

/** Any valid patch: every key, nested ones included, may be left out. */
const patch: fc.Arbitrary<SettingsPatch> = fc.record(
  {
    isFirstTimeUser: fc.boolean(),
    dataUtilization: fc.record({ analyticsCookies: fc.boolean() }, { requiredKeys: [] }),
    notifications: fc.record(
      {
        importantMessages: fc.record({ email: fc.boolean(), push: fc.boolean() }, { requiredKeys: [] }),
        dailyCloseout: fc.record({ email: fc.boolean(), push: fc.boolean() }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    watchList,
  },
  { requiredKeys: [] },
)

describe('settings defaults (spec: Settings)', () => {
  it('are the spec defaults for a new account', () => {
    expect(defaultSettings).toEqual({
      isFirstTimeUser: true,
      dataUtilization: { analyticsCookies: true },
      notifications: {
        importantMessages: { email: false, push: true },
        dailyCloseout: { email: false, push: false },
      },
      watchList: [amazon, apple, tesla, bitcoin],
    })
  })

  it('watch Amazon, Apple, Tesla and Bitcoin in that order', () => {
    expect(defaultSettings.watchList).toEqual([2517, 2494, 2793, 99979])
  })

  it('are valid settings', () => {
    expect(settingsSchema.parse(defaultSettings)).toEqual(defaultSettings)
  })
})

describe('settingsPatchSchema', () => {
  it('accepts any subset of the settings', () => {
    fc.assert(
      fc.property(patch, (p) => {
        expect(settingsPatchSchema.safeParse(p).success).toBe(true)
      }),
    )
    expect(settingsPatchSchema.parse({})).toEqual({})
  })

  it('refuses unknown keys at every level', () => {
    for (const bad of [
      { theme: 'dark' },
      { dataUtilization: { analyticsCookies: true, tracking: true } },
      { notifications: { weeklyDigest: { email: true } } },
      { notifications: { importantMessages: { sms: true } } },
    ])
      expect(settingsPatchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })

  it('refuses wrong types, bad title ids and a title twice on the watch list', () => {
    for (const bad of [
      { isFirstTimeUser: 'yes' },
      { isFirstTimeUser: null },
      { dataUtilization: { analyticsCookies: 1 } },
      { notifications: { dailyCloseout: { push: 'true' } } },
      { watchList: [1.5] },
      { watchList: [0] },
      { watchList: [-1] },
      { watchList: ['2517'] },
      { watchList: [amazon, amazon] },
      { watchList: Array.from({ length: 101 }, (_, i) => i + 1) },
    ])
      expect(settingsPatchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  })
})

describe('mergeSettings', () => {
  it('returns the settings unchanged for an empty patch', () => {
    fc.assert(
      fc.property(settings, (current) => {
        expect(mergeSettings(current, {})).toEqual(current)
      }),
    )
  })

  it('changes one nested flag and keeps its siblings', () => {
    const next = mergeSettings(defaultSettings, { notifications: { importantMessages: { email: true } } })
    expect(next.notifications).toEqual({
      importantMessages: { email: true, push: true },
      dailyCloseout: { email: false, push: false },
    })
    expect(next.watchList).toEqual(defaultSettings.watchList)
    expect(next.isFirstTimeUser).toBe(true)
  })

  it('replaces the watch list as a whole, in the order given; an empty list empties it', () => {
    expect(mergeSettings(defaultSettings, { watchList: [bitcoin, amazon] }).watchList).toEqual([
      bitcoin,
      amazon,
    ])
    expect(mergeSettings(defaultSettings, { watchList: [] }).watchList).toEqual([])
  })

  it('takes every value the patch gives and keeps every value it leaves out', () => {
    fc.assert(
      fc.property(settings, patch, (current, p) => {
        const next = mergeSettings(current, p)
        expect(next.isFirstTimeUser).toBe(p.isFirstTimeUser ?? current.isFirstTimeUser)
        expect(next.dataUtilization.analyticsCookies).toBe(
          p.dataUtilization?.analyticsCookies ?? current.dataUtilization.analyticsCookies,
        )
        for (const kind of ['importantMessages', 'dailyCloseout'] as const)
          for (const channel of ['email', 'push'] as const)
            expect(next.notifications[kind][channel]).toBe(
              p.notifications?.[kind]?.[channel] ?? current.notifications[kind][channel],
            )
        expect(next.watchList).toEqual(p.watchList ?? current.watchList)
      }),
    )
  })

  it('always yields valid settings and does not modify its inputs', () => {
    fc.assert(
      fc.property(settings, patch, (current, p) => {
        const before = structuredClone(current)
        const patchBefore = structuredClone(p)
        const next = mergeSettings(current, p)
        expect(settingsSchema.safeParse(next).success).toBe(true)
        expect(current).toEqual(before)
        expect(p).toEqual(patchBefore)
      }),
    )
  })

  it('is idempotent: applying the same patch twice is applying it once', () => {
    fc.assert(
      fc.property(settings, patch, (current, p) => {
        expect(mergeSettings(mergeSettings(current, p), p)).toEqual(mergeSettings(current, p))
      }),
    )
  })
})
