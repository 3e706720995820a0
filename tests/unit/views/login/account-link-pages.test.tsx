// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '~/api/client'
import { ChangeEmail } from '~/views/screens/login/ChangeEmail'
import { ConfirmEmail } from '~/views/screens/login/ConfirmEmail'
import { ResetPassword } from '~/views/screens/login/ResetPassword'
import { Unsubscribe } from '~/views/screens/login/Unsubscribe'
import { type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(ui: React.ReactElement, path: string, handlers: Record<string, Handler> = {}) {
  const view = renderScreen(ui, { path, api: memoryApi({ authInfo: refused(401), ...handlers }) })
  stops.push(view.stop)
  return view
}

const resetPath = (validUntil = Date.now() + 3_600_000) =>
  `/account/reset-password?userId=7&validUntil=${validUntil}&sgn=signature`

async function typeNewPassword(password: string, confirmation: string) {
  const user = userEvent.setup()
  const form = within(await screen.findByRole('form', { name: 'Choose a new password' }))
  await user.type(form.getByLabelText(/^New password/, { selector: 'input' }), password)
  await user.type(
    form.getByLabelText('Confirm new password', { exact: false, selector: 'input' }),
    confirmation,
  )
  await user.click(form.getByRole('button', { name: 'Change password' }))
  return form
}

describe('reset password (spec §2, §5)', () => {
  it('refuses a confirmation that does not match', async () => {
    const view = show(<ResetPassword />, resetPath())
    const form = await typeNewPassword('a good password', 'another password')
    expect(await form.findByText('New password and confirmation password do not match')).toBeTruthy()
    expect(
      form
        .getByLabelText('Confirm new password', { exact: false, selector: 'input' })
        .getAttribute('aria-invalid'),
    ).toBe('true')
    expect(view.calls).not.toContain('resetPassword')
  })

  it("posts the link's fields and the new password, then links to sign in", async () => {
    const bodies: unknown[] = []
    show(<ResetPassword />, resetPath(4_102_444_800_000), {
      resetPassword: ({ body }) => {
        bodies.push(body)
        return undefined
      },
    })
    await typeNewPassword('a good password', 'a good password')
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin')
    expect(bodies).toEqual([
      { userId: 7, validUntil: 4_102_444_800_000, sgn: 'signature', password: 'a good password' },
    ])
  })

  it("shows the spec's text when the change fails", async () => {
    show(<ResetPassword />, resetPath(), { resetPassword: refused(503) })
    await typeNewPassword('a good password', 'a good password')
    expect(
      await screen.findByText('Oops! We could not change your password. Please try again later.'),
    ).toBeTruthy()
  })

  it('explains a link the server refuses', async () => {
    show(<ResetPassword />, resetPath(), {
      resetPassword: () =>
        Promise.reject(new ApiError(400, 'invalid_link', 'This link is invalid or has expired.')),
    })
    await typeNewPassword('a good password', 'a good password')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This link is invalid or has expired.')
    expect(within(alert).getByRole('link', { name: 'Go to sign in' })).toBeTruthy()
  })

  it('explains an expired link without a form', async () => {
    show(<ResetPassword />, resetPath(Date.now() - 1000))
    expect((await screen.findByRole('alert')).textContent).toContain('has expired')
    expect(screen.queryByRole('form')).toBeNull()
  })
})

describe('e-mail links act by a button, not on GET', () => {
  const linkQuery = '?userId=7&email=alice%40example.test&sgn=signature'

  it('confirms the address when the player presses the button', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    const view = show(<ConfirmEmail />, `/account/confirm-email${linkQuery}`, {
      confirmEmail: ({ body }) => {
        bodies.push(body)
        return undefined
      },
    })
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail', level: 1 })).toBeTruthy()
    expect(screen.getByText(/alice@example.test/)).toBeTruthy()
    expect(view.calls).not.toContain('confirmEmail')
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail address' }))
    expect(await screen.findByText('Thank you! Your e-mail address is confirmed.')).toBeTruthy()
    expect(bodies).toEqual([{ userId: '7', email: 'alice@example.test', sgn: 'signature' }])
    // the session asks again: Settings shows the address confirmed without a reload
    expect(view.calls.slice(view.calls.indexOf('confirmEmail'))).toContain('authInfo')
  })

  it('unsubscribes, and says so when it fails', async () => {
    const user = userEvent.setup()
    show(<Unsubscribe />, `/account/unsubscribe-from-email${linkQuery}`, {
      unsubscribe: () =>
        Promise.reject(new ApiError(400, 'invalid_link', 'This link is invalid or has expired.')),
    })
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe from e-mails' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Oops! We could not unsubscribe you')
    expect(alert.textContent).toContain('This link is invalid or has expired.')
  })

  it('explains an incomplete link', async () => {
    show(<Unsubscribe />, '/account/unsubscribe-from-email?userId=7')
    expect((await screen.findByRole('alert')).textContent).toContain('The link is incomplete')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unsubscribe from e-mails' })).toBeNull())
  })
})

describe('the links of an e-mail change', () => {
  const until = 4_102_444_800_000
  const confirmation = `/account/change-email?userId=7&email=alice%40new.test&from=alice%40old.test&validUntil=${until}&sgn=signature`

  it('moves the account to the new address when the player presses the button', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    const view = show(<ChangeEmail />, confirmation, {
      changeEmailLink: ({ body }) => {
        bodies.push(body)
        return undefined
      },
    })
    expect(await screen.findByRole('heading', { name: 'Change your e-mail address', level: 1 })).toBeTruthy()
    expect(
      screen.getByText('Use alice@new.test for your Alpha account instead of alice@old.test?'),
    ).toBeTruthy()
    expect(view.calls).not.toContain('changeEmailLink')
    await user.click(screen.getByRole('button', { name: 'Use this address' }))
    expect(await screen.findByText('Done! Your account uses this e-mail address now.')).toBeTruthy()
    // the session asks again: the app knows the new address without a reload
    expect(view.calls.slice(view.calls.indexOf('changeEmailLink'))).toContain('authInfo')
    expect(bodies).toEqual([
      {
        userId: '7',
        email: 'alice@new.test',
        from: 'alice@old.test',
        validUntil: String(until),
        sgn: 'signature',
      },
    ])
  })

  it('takes the address back with a link that names no address it replaces', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    show(<ChangeEmail />, `/account/change-email?userId=7&email=alice%40old.test&validUntil=${until}&sgn=s`, {
      changeEmailLink: ({ body }) => {
        bodies.push(body)
        return undefined
      },
    })
    expect(
      await screen.findByRole('heading', { name: 'Take your e-mail address back', level: 1 }),
    ).toBeTruthy()
    expect(screen.getByText(/^Move your Alpha account back to alice@old\.test\?/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Take my address back' }))
    expect(
      await screen.findByText(/^Your account uses this address again and every device is signed out/),
    ).toBeTruthy()
    expect(bodies).toEqual([{ userId: '7', email: 'alice@old.test', validUntil: String(until), sgn: 's' }])
  })

  it('says why a refused link did nothing, and explains an incomplete one', async () => {
    const user = userEvent.setup()
    show(<ChangeEmail />, confirmation, {
      changeEmailLink: () =>
        Promise.reject(
          new ApiError(409, 'email_taken', 'An account with this e-mail address exists already.'),
        ),
    })
    await user.click(await screen.findByRole('button', { name: 'Use this address' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Oops! We could not change your e-mail address')
    expect(alert.textContent).toContain('An account with this e-mail address exists already.')
    cleanup()
    show(<ChangeEmail />, '/account/change-email?userId=7&email=alice%40new.test&sgn=s')
    expect((await screen.findByRole('alert')).textContent).toContain('The link is incomplete')
  })
})
