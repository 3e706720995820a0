import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate'
import { provideConfirmResend } from '~/actors/account-screens.actors'
import { type ApiClient, ApiError } from '~/api/client'
import { defaultSettings, mergeSettings, type Settings, type SettingsPatch } from '~/api/settings'
import { accountLoadTexts, transactionsMachine } from '~/machines/account-loaders.machine'
import { confirmResendMachine } from '~/machines/confirm-resend.machine'
import { deleteAccountRules } from '~/machines/delete-account.machine'
import { selectFailure, selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { selectLoaded, selectLoaderStatus, selectLoadFailure, selectLoading } from '~/machines/loader.machine'
import { noticeCountdownMachine, selectSecondsLeft } from '~/machines/notice-countdown.machine'
import {
  selectSettingsError,
  selectSettingsSaving,
  selectShownSettings,
  settingsFormMachine,
} from '~/machines/settings-form.machine'
import { settingsTexts } from '~/machines/settings-form.types'

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('the notice countdown', () => {
  it('counts whole seconds down to 0 and stops', () => {
    const clock = new SimulatedClock()
    const actor = createActor(noticeCountdownMachine, { clock, input: { timeoutMs: 4000 } }).start()
    const seconds = () => selectSecondsLeft(actor.getSnapshot())
    expect(seconds()).toBe(4)
    clock.increment(1000)
    expect(seconds()).toBe(3)
    for (const expected of [2, 1, 0]) {
      clock.increment(1000)
      expect(seconds()).toBe(expected)
    }
    expect(actor.getSnapshot().status).toBe('done')
  })
})

describe('the transactions loader', () => {
  it('loads, fails with the spec text and reloads', async () => {
    const answers = [Promise.reject(new Error('down')), Promise.resolve([])]
    const inputs: unknown[] = []
    const machine = transactionsMachine.provide({
      actors: {
        load: fromPromise(async ({ input }) => {
          inputs.push(input)
          return (await answers.shift()) as never
        }),
      },
    })
    const actor = createActor(machine, { input: { walletAddress: 'w-1' } }).start()
    expect(selectLoading(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(selectLoadFailure(actor.getSnapshot())).toBe(accountLoadTexts.transactionsFailed)
    actor.send({ type: 'loader.reload' })
    // the failure stays on screen while the retry runs, instead of a skeleton flashing in between
    expect(selectLoadFailure(actor.getSnapshot())).toBe(accountLoadTexts.transactionsFailed)
    expect(selectLoaderStatus(actor.getSnapshot())).toBe('failed')
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'))
    expect(selectLoaded(actor.getSnapshot())).toEqual([])
    expect(selectLoadFailure(actor.getSnapshot())).toBeUndefined()
    expect(selectLoaderStatus(actor.getSnapshot())).toBe('empty')
    expect(inputs).toEqual([{ walletAddress: 'w-1' }, { walletAddress: 'w-1' }])
  })
})

describe('the settings form', () => {
  function start({ settings }: { readonly settings?: Settings } = { settings: defaultSettings }) {
    const saves: { patch: SettingsPatch; answer: ReturnType<typeof deferred<Settings>> }[] = []
    const told: Settings[] = []
    const machine = settingsFormMachine.provide({
      actors: {
        fetchSettings: fromPromise(async () => ({ ...defaultSettings, watchList: [9] })),
        saveSettings: fromPromise(({ input }) => {
          const answer = deferred<Settings>()
          saves.push({ patch: input as SettingsPatch, answer })
          return answer.promise
        }),
      },
      actions: { settingsSaved: (_, saved: Settings) => void told.push(saved) },
    })
    const actor = createActor(machine, { input: { settings } }).start()
    return { actor, saves, told, shown: () => selectShownSettings(actor.getSnapshot()) }
  }

  it('shows a switch at once and saves just that change', async () => {
    const { actor, saves, told, shown } = start()
    actor.send({
      type: 'settings.notificationToggled',
      kind: 'importantMessages',
      channel: 'email',
      on: true,
    })
    expect(shown()?.notifications.importantMessages).toEqual({ email: true, push: true })
    expect(selectSettingsSaving(actor.getSnapshot())).toBe(true)
    expect(saves.map((save) => save.patch)).toEqual([
      { notifications: { importantMessages: { email: true } } },
    ])
    const saved = mergeSettings(defaultSettings, saves[0]?.patch ?? {})
    saves[0]?.answer.resolve(saved)
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(told).toEqual([saved])
  })

  it('sends the edits made during a save in one next save', async () => {
    const { actor, saves } = start()
    actor.send({ type: 'settings.watchTitleAdded', titleId: 42 })
    actor.send({ type: 'settings.watchTitleRemoved', titleId: 2494 })
    actor.send({ type: 'settings.notificationToggled', kind: 'dailyCloseout', channel: 'push', on: true })
    saves[0]?.answer.resolve(mergeSettings(defaultSettings, saves[0].patch))
    await waitFor(actor, () => saves.length === 2)
    expect(saves[1]?.patch).toEqual({
      watchList: [2517, 2793, 99979, 42],
      notifications: { dailyCloseout: { push: true } },
    })
  })

  it("puts back the server's settings and says 'Error saving settings' when a save fails", async () => {
    const { actor, saves, told, shown } = start()
    actor.send({ type: 'settings.watchTitleRemoved', titleId: 2494 })
    expect(shown()?.watchList).not.toContain(2494)
    saves[0]?.answer.reject(new Error('500'))
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(shown()).toEqual(defaultSettings)
    expect(selectSettingsError(actor.getSnapshot())).toBe(settingsTexts.saveFailed)
    expect(told).toEqual([])
  })

  it('fetches the settings when the session has none', async () => {
    const { actor, shown } = start({})
    await waitFor(actor, (snapshot) => snapshot.matches('idle'))
    expect(shown()?.watchList).toEqual([9])
  })
})

describe('the delete-account form rules', () => {
  it('requires the password', () => {
    expect(deleteAccountRules({ password: '' })).toEqual({ password: 'Please enter a valid password' })
    expect(deleteAccountRules({ password: 'secret' })).toEqual({})
  })
})

describe("the confirmation link's 'Send the link again'", () => {
  it('sends by the API, keeps a refusal on show for another try, and ends once sent', async () => {
    const calls: string[] = []
    const answers = [
      Promise.reject(new ApiError(429, 'rate_limited', 'Too many requests.')),
      Promise.resolve({}),
    ]
    const api = {
      call: async (name: string) => {
        calls.push(name)
        return answers.shift()
      },
    } as unknown as ApiClient
    const actor = createActor(provideConfirmResend(confirmResendMachine, { api }), { input: {} }).start()
    actor.send({ type: 'form.submit' })
    expect(selectSubmitting(actor.getSnapshot())).toBe(true)
    await waitFor(actor, (snapshot) => selectFailure(snapshot) !== undefined)
    expect(selectFailure(actor.getSnapshot())).toMatchObject({ code: 'rate_limited' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, selectSucceeded)
    expect(calls).toEqual(['resendConfirmEmail', 'resendConfirmEmail'])
  })
})
