// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Switch } from 'wouter'
import { ApiError } from '~/api/client'
import { SignIn } from '~/views/screens/login/SignIn'
import { authUser, settingsOf } from '../../../support/client-fixtures'
import { type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

/** The sign-in page for a guest (auth info 401) with the given extra handlers. */
function showSignIn(path = '/account/signin', handlers: Record<string, Handler> = {}) {
  const view = renderScreen(<SignIn />, {
    path,
    api: memoryApi({ authInfo: refused(401), authProviders: () => ({ providers: [] }), ...handlers }),
  })
  stops.push(view.stop)
  return view
}

const signUpTab = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('tab', { name: 'Sign up' }))
  return within(await screen.findByRole('form', { name: 'Sign up' }))
}

describe('entering /account/signin (spec §2)', () => {
  it('refreshes the user first: a player signed in meanwhile goes on to the index', async () => {
    let signedInElsewhere = false
    const view = renderScreen(
      <Switch>
        <Route path="/account/signin" component={SignIn} />
      </Switch>,
      {
        // a public page: the guest stays there
        path: '/coming-soon',
        api: memoryApi({
          authInfo: () => (signedInElsewhere ? authUser({ id: 5 }) : refused(401)()),
          settings: () => settingsOf(false),
          authProviders: () => ({ providers: [] }),
        }),
      },
    )
    stops.push(view.stop)
    // the boot's look-up answered: a guest
    await waitFor(() => expect(view.calls).toContain('authInfo'))
    await waitFor(() => expect(view.client.session.getSnapshot().matches('guest')).toBe(true))
    const before = view.calls.filter((name) => name === 'authInfo').length
    // another tab signed in; this one opens the sign-in page
    signedInElsewhere = true
    act(() => view.client.effects.navigate.go('/account/signin'))
    await waitFor(() => expect(view.history.at(-1)).toBe('/'))
    expect(view.calls.filter((name) => name === 'authInfo').length).toBeGreaterThan(before)
  })
})

describe('the sign-in and sign-up tabs (WAI-ARIA tabs pattern)', () => {
  it('selects a tab on click or with the arrow keys, only the selected one in the tab order', async () => {
    const user = userEvent.setup()
    showSignIn()
    const list = screen.getByRole('tablist', { name: 'Sign in or sign up' })
    const signIn = within(list).getByRole('tab', { name: 'Sign in' })
    const signUp = within(list).getByRole('tab', { name: 'Sign up' })
    const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '')
    expect(signIn.getAttribute('aria-selected')).toBe('true')
    expect(signUp.getAttribute('aria-selected')).toBe('false')
    expect([signIn.tabIndex, signUp.tabIndex]).toEqual([0, -1])
    expect(panelOf(signIn)?.getAttribute('role')).toBe('tabpanel')
    expect(panelOf(signIn)?.getAttribute('aria-labelledby')).toBe(signIn.id)
    expect(panelOf(signIn)?.hidden).toBe(false)
    expect(panelOf(signUp)?.hidden).toBe(true)
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull()

    signIn.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(signUp)
    expect(signUp.getAttribute('aria-selected')).toBe('true')
    expect([signIn.tabIndex, signUp.tabIndex]).toEqual([-1, 0])
    expect(await screen.findByRole('form', { name: 'Sign up' })).toBeTruthy()
    expect(panelOf(signIn)?.hidden).toBe(true)

    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(signIn)
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(signUp)
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(signIn)
    await user.click(signUp)
    expect(signUp.getAttribute('aria-selected')).toBe('true')
    // the sign-in form stays mounted (what was typed is kept), only hidden
    expect(
      within(panelOf(signIn) as HTMLElement).getByRole('form', { hidden: true, name: 'Sign in' }),
    ).toBeTruthy()
  })
})

describe('sign-up validation (spec §5)', () => {
  it("shows the spec's texts on the fields on submit, marked invalid and describing them", async () => {
    const user = userEvent.setup()
    const view = showSignIn()
    const form = await signUpTab(user)
    await user.click(form.getByRole('button', { name: 'Sign up' }))

    const expectations: [string, string][] = [
      ['Invitation code', 'Please enter a valid invitation code'],
      ['E-mail', 'Please enter a valid email address'],
      ['Username', 'Please enter a valid username'],
      ['Password', 'Please enter a valid password'],
    ]
    // the password's rule stays in view below its problem
    expect(form.getByText('Please enter a valid password').nextElementSibling?.textContent).toMatch(/12/)
    for (const [label, text] of expectations) {
      const input = form.getByLabelText(label, { exact: false, selector: 'input' })
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
      const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ')
      const descriptions = describedBy.map((id) => document.getElementById(id)?.textContent)
      expect(descriptions).toContain(text)
      expect(input.getAttribute('aria-errormessage')).toBe(describedBy[0])
    }
    const terms = form.getByRole('checkbox', { name: 'I agree to the terms and conditions' })
    await waitFor(() => expect(terms.getAttribute('aria-invalid')).toBe('true'))
    const [termsProblem, termsHelp] = (terms.getAttribute('aria-describedby') ?? '').split(' ')
    expect(document.getElementById(termsProblem ?? '')?.textContent).toBe(
      'Please agree to the terms and conditions',
    )
    expect(document.getElementById(termsHelp ?? '')?.textContent).toMatch(/^Read the /)
    expect(view.calls).not.toContain('signUp')
    // the refused submit brought the focus to the first field to fix
    expect(document.activeElement).toBe(
      form.getByLabelText('Invitation code', { exact: false, selector: 'input' }),
    )
  })

  it('shows a problem on blur and clears it once fixed', async () => {
    const user = userEvent.setup()
    showSignIn()
    const form = await signUpTab(user)
    const email = form.getByLabelText('E-mail', { exact: false, selector: 'input' })
    await user.type(email, 'not-an-address')
    await user.tab()
    expect(await form.findByText('Please enter a valid email address')).toBeTruthy()
    await user.clear(email)
    await user.type(email, 'new@example.test')
    await waitFor(() => expect(form.queryByText('Please enter a valid email address')).toBeNull())
  })

  it('says what is wrong with a username holding a character that cannot be seen', async () => {
    const user = userEvent.setup()
    showSignIn()
    const form = await signUpTab(user)
    await user.click(form.getByLabelText('Username', { exact: false, selector: 'input' }))
    await user.paste('ada\u202Elove')
    await user.tab()
    expect(
      await form.findByText('A username cannot contain control, invisible or text-direction characters.'),
    ).toBeTruthy()
  })

  it('signs up, refreshes the session and sends the new player to the welcome slides', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    let signedUp = false
    const view = showSignIn('/account/signin?invitationCode=ABCD-EFGH-JKMN-PQRS-TVWX-YZ01', {
      signUp: ({ body }) => {
        bodies.push(body)
        signedUp = true
        return authUser({ id: 9, username: 'new_player' })
      },
      authInfo: () =>
        signedUp ? authUser({ id: 9 }) : Promise.reject(new ApiError(401, 'unauthorized', 'no')),
      settings: () => settingsOf(true),
    })
    // an invitation code in the query opens the sign-up tab, the code filled in
    const form = within(await screen.findByRole('form', { name: 'Sign up' }))
    expect(
      (form.getByLabelText('Invitation code', { exact: false, selector: 'input' }) as HTMLInputElement).value,
    ).toBe('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01')
    await user.type(form.getByLabelText('E-mail', { exact: false, selector: 'input' }), 'new@example.test')
    await user.type(form.getByLabelText('Username', { exact: false, selector: 'input' }), 'new_player')
    await user.type(form.getByLabelText('Password', { exact: false, selector: 'input' }), 'a good password')
    await user.type(form.getByLabelText('First name (optional)'), 'Nina')
    await user.click(form.getByRole('checkbox', { name: 'I agree to the terms and conditions' }))
    await user.click(form.getByRole('button', { name: 'Sign up' }))

    await waitFor(() => expect(view.history.at(-1)).toBe('/welcome?next=%2F'))
    expect(bodies).toEqual([
      {
        invitationCode: 'ABCD-EFGH-JKMN-PQRS-TVWX-YZ01',
        email: 'new@example.test',
        username: 'new_player',
        password: 'a good password',
        firstName: 'Nina',
        lastName: undefined,
        acceptTerms: true,
      },
    ])
  })

  it('opens Sign up with the code of a friend’s invitation link filled in', async () => {
    showSignIn('/account/signin?invite=ABCD-EFGH-JKMN-PQRS-TVWX-YZ01')
    const signUp = screen.getByRole('tab', { name: 'Sign up' })
    expect(signUp.getAttribute('aria-selected')).toBe('true')
    const form = within(await screen.findByRole('form', { name: 'Sign up' }))
    expect(
      (form.getByLabelText('Invitation code', { exact: false, selector: 'input' }) as HTMLInputElement).value,
    ).toBe('ABCD-EFGH-JKMN-PQRS-TVWX-YZ01')
  })

  it("shows 'Oops! We could not sign you up' with the server's reason on the field", async () => {
    const user = userEvent.setup()
    showSignIn('/account/signin?invitationCode=ABCDEFGHJKMNPQRSTVWXYZ01', {
      signUp: () =>
        Promise.reject(
          new ApiError(409, 'username_taken', 'This username is already taken.', {
            username: 'This username is already taken.',
          }),
        ),
    })
    const form = within(await screen.findByRole('form', { name: 'Sign up' }))
    await user.type(form.getByLabelText('E-mail', { exact: false, selector: 'input' }), 'new@example.test')
    await user.type(form.getByLabelText('Username', { exact: false, selector: 'input' }), 'taken_name')
    await user.type(form.getByLabelText('Password', { exact: false, selector: 'input' }), 'a good password')
    await user.click(form.getByRole('checkbox', { name: 'I agree to the terms and conditions' }))
    await user.click(form.getByRole('button', { name: 'Sign up' }))

    const alert = await form.findByRole('alert')
    expect(alert.textContent).toContain('Oops! We could not sign you up')
    expect(alert.textContent).toContain('This username is already taken.')
    const username = form.getByLabelText('Username', { exact: false, selector: 'input' })
    expect(username.getAttribute('aria-invalid')).toBe('true')
  })
})

describe('sign-in', () => {
  it('signs in through the session, which goes on to next', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    const view = showSignIn('/account/signin?next=%2Fpolls', {
      signIn: ({ body }) => {
        bodies.push(body)
        return authUser()
      },
    })
    const form = within(await screen.findByRole('form', { name: 'Sign in' }))
    await user.type(form.getByLabelText('E-mail or username', { exact: false }), ' alice ')
    await user.type(form.getByLabelText('Password', { exact: false, selector: 'input' }), 'secret')
    await user.click(form.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/polls'))
    expect(bodies).toEqual([{ login: 'alice', password: 'secret' }])
  })

  it("shows 'Oops! We could not log you in' with the server's reason", async () => {
    const user = userEvent.setup()
    showSignIn('/account/signin', {
      signIn: () =>
        Promise.reject(new ApiError(401, 'invalid_credentials', 'Wrong username, e-mail or password.')),
    })
    const form = within(await screen.findByRole('form', { name: 'Sign in' }))
    await user.type(form.getByLabelText('E-mail or username', { exact: false }), 'alice')
    await user.type(form.getByLabelText('Password', { exact: false, selector: 'input' }), 'wrong')
    await user.click(form.getByRole('button', { name: 'Sign in' }))
    const alert = await form.findByRole('alert')
    expect(alert.textContent).toContain('Oops! We could not log you in')
    expect(alert.textContent).toContain('Wrong username, e-mail or password.')
  })

  it('shows a button for each provider the server lists, and no other', async () => {
    showSignIn('/account/signin?next=%2Fpolls', {
      authProviders: () => ({ providers: ['google', 'twitter'] }),
    })
    const google = await screen.findByRole('link', { name: 'Sign in with Google' })
    expect(google.getAttribute('href')).toBe('/v1/auth/oauth/google/start?next=%2Fpolls')
    expect(screen.getByRole('link', { name: 'Sign in with Twitter (X)' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Facebook|Reddit|Discord/ })).toBeNull()
  })
})

describe('forgot password', () => {
  it('requests instructions and confirms neutrally', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    showSignIn('/account/signin', {
      requestPasswordReset: ({ body }) => {
        bodies.push(body)
        return { status: 'accepted' }
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset your password' }))
    await user.type(
      dialog.getByLabelText('E-mail', { exact: false, selector: 'input' }),
      'alice@example.test',
    )
    await user.click(dialog.getByRole('button', { name: 'Send instructions' }))
    expect(await dialog.findByText(/we have sent it instructions/)).toBeTruthy()
    expect(bodies).toEqual([{ email: 'alice@example.test' }])
  })

  it("shows the spec's text when the request fails", async () => {
    const user = userEvent.setup()
    showSignIn('/account/signin', { requestPasswordReset: refused(503) })
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset your password' }))
    await user.type(
      dialog.getByLabelText('E-mail', { exact: false, selector: 'input' }),
      'alice@example.test',
    )
    await user.click(dialog.getByRole('button', { name: 'Send instructions' }))
    expect(
      await dialog.findByText(
        'Oops! We could not send you instructions on how to change your password. Please try again later.',
      ),
    ).toBeTruthy()
  })
})

describe('the errorMessage dialog (spec §2)', () => {
  it("shows the query's messages, one per line, in a dialog titled Error until OK", async () => {
    const user = userEvent.setup()
    const view = showSignIn(
      '/account/signin?errorMessage=Oops!%20We%20could%20not%20sign%20you%20up&errorMessage=Please%20enter%20a%20valid%20invitation%20code&next=%2Fpolls',
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' })
    expect(within(dialog).getByText(/Oops! We could not sign you up/).textContent).toBe(
      'Oops! We could not sign you up\nPlease enter a valid invitation code',
    )
    await user.keyboard('{Escape}')
    expect(screen.getByRole('alertdialog', { name: 'Error' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(view.history.at(-1)).toBe('/account/signin?next=%2Fpolls')
  })
})
