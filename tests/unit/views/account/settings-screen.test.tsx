// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { ApiError } from '~/api/client'
import { mergeSettings, type SettingsPatch } from '~/api/settings'
import { pushMachine } from '~/machines/push.machine'
import type { PushAccess } from '~/machines/push.types'
import { PushNote } from '~/views/push/PushNote'
import { Settings } from '~/views/screens/settings/Settings'
import { authUser, settingsOf } from '../../../support/client-fixtures'
import { type Handler, memoryApi, refused, titles } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

/** The settings screen of a signed-in player whose PATCHes are recorded and merged. */
function showSettings(handlers: Record<string, Handler> = {}) {
  const bodies: SettingsPatch[] = []
  const view = renderScreen(<Settings />, {
    path: '/settings',
    api: memoryApi({
      patchSettings: ({ body }) => {
        bodies.push(body as SettingsPatch)
        return mergeSettings(settingsOf(false), body as SettingsPatch)
      },
      ...handlers,
    }),
  })
  stops.push(view.stop)
  return { view, bodies }
}

describe('settings (spec §2 /settings)', () => {
  it('saves a notification switch with just that change', async () => {
    const user = userEvent.setup()
    const { bodies } = showSettings()
    const email = await screen.findByRole('switch', { name: 'Important messages by e-mail' })
    expect((email as HTMLInputElement).checked).toBe(false)
    expect(
      (screen.getByRole('switch', { name: 'Important messages as push notification' }) as HTMLInputElement)
        .checked,
    ).toBe(true)
    await user.click(email)
    await waitFor(() => expect(bodies).toEqual([{ notifications: { importantMessages: { email: true } } }]))
    expect((email as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('switch', { name: 'Daily closeout as push notification' }))
    await waitFor(() => expect(bodies.at(-1)).toEqual({ notifications: { dailyCloseout: { push: true } } }))
  })

  it('says e-mails wait for a confirmed address, and says nothing once it is confirmed', async () => {
    const note = /^E-mails go to alice@example.test once you confirm it/
    showSettings({ authInfo: () => authUser({ emailConfirmed: false }) })
    expect(await screen.findByText(note)).toBeTruthy()
    cleanup()
    showSettings({ authInfo: () => authUser({ emailConfirmed: true }) })
    await screen.findByRole('switch', { name: 'Daily closeout by e-mail' })
    expect(screen.queryByText(note)).toBeNull()
  })

  it('sends a new confirmation link on request, and says so; a refusal shows with the button to try again', async () => {
    const user = userEvent.setup()
    let asked = 0
    showSettings({
      authInfo: () => authUser({ emailConfirmed: false }),
      resendConfirmEmail: () => {
        asked += 1
        return asked === 1 ? refused(429)() : { status: 'accepted' }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }))
    expect((await screen.findByRole('alert')).textContent).toContain('The link was not sent')
    await user.click(screen.getByRole('button', { name: 'Send the link again' }))
    expect(await screen.findByText(/^A new link is on its way to alice@example.test/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull()
    expect(asked).toBe(2)
  })

  it('says under the switches whether this browser shows push notifications, while one is on', async () => {
    const user = userEvent.setup()
    showSettings()
    // important messages come as a push by default; this test's browser has no push
    expect(await screen.findByText('This browser cannot show notifications from Alpha.')).toBeTruthy()
    await user.click(screen.getByRole('switch', { name: 'Important messages as push notification' }))
    await waitFor(() =>
      expect(screen.queryByText('This browser cannot show notifications from Alpha.')).toBeNull(),
    )
  })

  it('offers the click that lets the browser ask, and a retry after a failure', async () => {
    const user = userEvent.setup()
    const attempts: string[] = []
    const push = createActor(
      pushMachine.provide({
        actors: {
          readPushAccess: fromPromise<PushAccess>(async () => 'default'),
          subscribePush: fromPromise<void>(async () => {
            attempts.push('subscribe')
            if (attempts.length === 1) throw new Error('Registration failed - push service error')
          }),
          // the browser's permission does not change meanwhile
          watchPushAccess: fromCallback(() => {}),
        },
      }),
      { input: {} },
    ).start()
    push.send({ type: 'push.wanted', wanted: true })
    render(<PushNote push={push} />)
    await user.click(await screen.findByRole('button', { name: 'Allow notifications' }))
    expect(await screen.findByText('Notifications could not be turned on in this browser.')).toBeTruthy()
    expect(screen.getByText('The browser said: Registration failed - push service error')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('This browser shows your notifications.')).toBeTruthy()
    expect(attempts).toEqual(['subscribe', 'subscribe'])
    push.stop()
  })

  it("says 'Error saving settings' and puts the switch back when the save fails", async () => {
    const user = userEvent.setup()
    showSettings({ patchSettings: refused(400) })
    const email = await screen.findByRole('switch', { name: 'Daily closeout by e-mail' })
    await user.click(email)
    expect(await screen.findByText('Error saving settings')).toBeTruthy()
    expect((email as HTMLInputElement).checked).toBe(false)
  })

  it('adds a title to the watch list by search and removes one', async () => {
    const user = userEvent.setup()
    const { bodies } = showSettings({
      settings: () => ({ ...settingsOf(false), watchList: [titles[0]?.id ?? 0] }),
    })
    const watched = await screen.findByRole('list', { name: 'Watched titles' })
    await waitFor(() => expect(within(watched).getByText('Apple')).toBeTruthy())
    await user.type(screen.getByRole('searchbox', { name: 'Add a title' }), 'tes')
    expect(await screen.findByText('1 title found.')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Add Tesla' }))
    await waitFor(() => expect(bodies).toEqual([{ watchList: [2494, 2495] }]))
    await user.click(screen.getByRole('button', { name: 'Remove Apple from the watch list' }))
    await waitFor(() => expect(bodies.at(-1)).toEqual({ watchList: [2495] }))
  })

  it('changes the password after the current one confirms it, checking the new one twice', async () => {
    const user = userEvent.setup()
    const changes: unknown[] = []
    showSettings({
      changePassword: ({ body }) => {
        changes.push(body)
        const { currentPassword } = body as { currentPassword: string }
        if (currentPassword !== 'my old password')
          return Promise.reject(
            new ApiError(403, 'confirmation_failed', 'The password is not correct.', {
              currentPassword: 'The password is not correct.',
            }),
          )
        return undefined
      },
    })
    const section = await screen.findByRole('region', { name: 'Password' })
    // the labels carry the required mark after their text
    const field = (label: string) =>
      within(section).getByLabelText(new RegExp(`^${label}`), { selector: 'input' })
    const submit = () => user.click(within(section).getByRole('button', { name: 'Change password' }))
    await submit()
    expect(within(section).getByText('Please enter your password')).toBeTruthy()
    expect(within(section).getByText('Please enter a valid password')).toBeTruthy()
    await user.type(field('Current password'), 'not my old one')
    await user.type(field('New password'), 'a brand new password')
    await user.type(field('Confirm new password'), 'a brand new passw0rd')
    await submit()
    expect(within(section).getByText('New password and confirmation password do not match')).toBeTruthy()
    expect(changes).toEqual([])

    await user.clear(field('Confirm new password'))
    await user.type(field('Confirm new password'), 'a brand new password')
    await submit()
    // the server's refusal stands beside the current password
    expect(await within(section).findAllByText('The password is not correct.')).not.toHaveLength(0)
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true')

    await user.clear(field('Current password'))
    await user.type(field('Current password'), 'my old password')
    await submit()
    expect(
      (await within(section).findByRole('status')).textContent?.startsWith('Your password has been changed.'),
    ).toBe(true)
    expect(changes.at(-1)).toEqual({ currentPassword: 'my old password', password: 'a brand new password' })
    // another change starts from empty fields
    await user.click(within(section).getByRole('button', { name: 'Change it again' }))
    expect((field('Current password') as HTMLInputElement).value).toBe('')
  })

  it('mails a link to a new address after the password confirms it, and says the address changes there', async () => {
    const user = userEvent.setup()
    const asks: unknown[] = []
    showSettings({
      changeEmail: ({ body }) => {
        asks.push(body)
        const { email } = body as { email: string }
        if (email === 'bob@example.test')
          return Promise.reject(
            new ApiError(409, 'email_taken', 'An account with this e-mail address exists already.', {
              email: 'An account with this e-mail address exists already.',
            }),
          )
        return { status: 'accepted' }
      },
    })
    const section = await screen.findByRole('region', { name: 'E-mail address' })
    expect(within(section).getByText(/^Alpha writes to alice@example\.test\./)).toBeTruthy()
    const field = (label: string) =>
      within(section).getByLabelText(new RegExp(`^${label}`), { selector: 'input' })
    const submit = () => user.click(within(section).getByRole('button', { name: 'Send the link' }))
    await user.type(field('New e-mail address'), 'not an address')
    await submit()
    expect(within(section).getByText('Please enter a valid email address')).toBeTruthy()
    expect(within(section).getByText('Please enter your password')).toBeTruthy()
    expect(asks).toEqual([])

    await user.clear(field('New e-mail address'))
    await user.type(field('New e-mail address'), 'bob@example.test')
    await user.type(field('Password'), 'my password')
    await submit()
    // the server's refusal stands beside the address
    expect(
      await within(section).findAllByText('An account with this e-mail address exists already.'),
    ).not.toHaveLength(0)
    expect(field('New e-mail address').getAttribute('aria-invalid')).toBe('true')

    await user.clear(field('New e-mail address'))
    await user.type(field('New e-mail address'), ' alice@new.example.test ')
    await submit()
    expect(await within(section).findByRole('status')).toBeTruthy()
    expect(
      within(section).getByText(
        'We sent a link to alice@new.example.test. Open it within 24 hours to use that address; until then, mail goes to alice@example.test.',
      ),
    ).toBeTruthy()
    // the address goes as the schema reads it, trimmed
    expect(asks.at(-1)).toEqual({ email: 'alice@new.example.test', password: 'my password' })
    await user.click(within(section).getByRole('button', { name: 'Use another address' }))
    expect((field('New e-mail address') as HTMLInputElement).value).toBe('')
  })

  it('deletes the account only after the password confirms it, then logs out', async () => {
    const user = userEvent.setup()
    const deletions: unknown[] = []
    const { view } = showSettings({
      deleteAccount: ({ body }) => {
        deletions.push(body)
        const { password } = body as { password: string }
        if (password !== 'right password')
          return Promise.reject(
            new ApiError(403, 'confirmation_failed', 'The password is not correct.', {
              password: 'The password is not correct.',
            }),
          )
        return undefined
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Delete account' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }))
    expect(await within(dialog).findByText('Please enter a valid password')).toBeTruthy()
    expect(deletions).toEqual([])

    const password = within(dialog).getByLabelText('Password', { exact: false, selector: 'input' })
    await user.type(password, 'wrong')
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }))
    expect(await within(dialog).findByText('The password is not correct.')).toBeTruthy()
    expect(view.calls).not.toContain('logout')

    await user.clear(password)
    await user.type(password, 'right password')
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }))
    await waitFor(() => expect(view.calls).toContain('logout'))
    expect(deletions.at(-1)).toEqual({ password: 'right password' })
    // to the sign-in page, not back to the settings of an account that is gone, and told so
    await waitFor(() => expect(view.history.at(-1)).toBe('/account/signin'))
    expect(view.client.notifications.getSnapshot().context.notices.map((notice) => notice.message)).toContain(
      'Your account was deleted.',
    )
  })

  it("downloads the player's data and names the saved file; a refusal shows with the button to try again", async () => {
    const user = userEvent.setup()
    let refuse = true
    const data = { account: { username: 'alice' }, exportedAt: Date.UTC(2026, 10, 28, 12) }
    const { view } = showSettings({
      playerData: () => {
        if (refuse)
          throw new ApiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.')
        return data
      },
    })
    const section = await screen.findByRole('region', { name: 'Your data' })
    await user.click(within(section).getByRole('button', { name: 'Download your data' }))
    expect((await within(section).findByRole('alert')).textContent).toContain('Too many requests')
    refuse = false
    await user.click(within(section).getByRole('button', { name: 'Download your data' }))
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Saved as alpha-alice-2026-11-28.json.'),
    )
    expect(within(section).queryByRole('alert')).toBeNull()
    // again, from the saved state
    await user.click(within(section).getByRole('button', { name: 'Download your data' }))
    await waitFor(() => expect(view.calls.filter((call) => call === 'playerData')).toHaveLength(3))
  })

  it('checks for an update through the service worker and offers a reload', async () => {
    const user = userEvent.setup()
    const { view } = showSettings()
    // the worker's machine reloads the page; here only what the view asks of it
    const sent = vi.spyOn(view.client.serviceWorker, 'send').mockImplementation(() => {})
    // happy-dom has no service workers: no check to make, the reload still works
    expect((await screen.findByRole('button', { name: 'Check for update' })).hasAttribute('disabled')).toBe(
      true,
    )
    expect(screen.getByText('Updates arrive when you reload the page.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(sent.mock.calls.map(([event]) => event)).toEqual([{ type: 'serviceWorker.reload' }])
  })
})
