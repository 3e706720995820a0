import { describe, expect, it } from 'vitest'
import { defaultSettings, mergeSettings } from '../../src/api/settings'
import { wantsPush } from '../../src/domain/push-wanted'

describe('wantsPush', () => {
  const withPush = (importantMessages: boolean, dailyCloseout: boolean) =>
    mergeSettings(defaultSettings, {
      notifications: {
        importantMessages: { push: importantMessages },
        dailyCloseout: { push: dailyCloseout },
      },
    })

  it('wants a push when either kind is on as a push, as important messages are by default', () => {
    expect(wantsPush(defaultSettings)).toBe(true)
    expect(wantsPush(withPush(true, false))).toBe(true)
    expect(wantsPush(withPush(false, true))).toBe(true)
  })

  it('wants none when both are off, whatever the e-mail says, nor for a guest', () => {
    const mailOnly = mergeSettings(withPush(false, false), {
      notifications: { importantMessages: { email: true }, dailyCloseout: { email: true } },
    })
    expect(wantsPush(mailOnly)).toBe(false)
    expect(wantsPush(undefined)).toBe(false)
  })
})
