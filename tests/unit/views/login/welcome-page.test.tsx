// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { selectFirstTime } from '~/machines/session.select'
import { ComingSoon } from '~/views/screens/login/ComingSoon'
import { Welcome } from '~/views/screens/login/Welcome'
import { settingsOf } from '../../../support/client-fixtures'
import { type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function showWelcome(path: string, handlers: Record<string, Handler> = {}) {
  const patches: unknown[] = []
  const view = renderScreen(<Welcome />, {
    path,
    api: memoryApi({
      settings: () => settingsOf(true),
      patchSettings: (args) => {
        patches.push(args)
        return settingsOf(false)
      },
      ...handlers,
    }),
  })
  stops.push(view.stop)
  return { ...view, patches }
}

const slideTitles = ['Tag the messages', 'Bet on the polls', 'Climb the rankings', 'Earn TTC']

describe('the welcome slides (spec §2 /welcome)', () => {
  it("shows four slides and ends with 'Let's play!', which saves the settings and goes to next", async () => {
    const user = userEvent.setup()
    const view = showWelcome('/welcome?next=%2Fpolls')
    await waitFor(() => expect(selectFirstTime(view.client.session.getSnapshot())).toBe(true))
    expect(screen.getByRole('heading', { name: 'Welcome to Alpha', level: 1 })).toBeTruthy()
    for (const [index, title] of slideTitles.entries()) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy()
      expect(screen.getByRole('group', { name: `${index + 1} of 4` })).toBeTruthy()
      if (index < 3) await user.click(screen.getByRole('button', { name: 'Next' }))
    }
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
    await user.click(screen.getByRole('button', { name: "Let's play!" }))

    await waitFor(() => expect(view.history.at(-1)).toBe('/polls'))
    expect(view.patches).toEqual([{ params: { user: 'me' }, body: { isFirstTimeUser: false } }])
    // the session knows, so the route guard lets the player go
    expect(selectFirstTime(view.client.session.getSnapshot())).toBe(false)
  })

  it('moves with the dots and the arrow keys, and the previous button', async () => {
    const user = userEvent.setup()
    showWelcome('/welcome')
    await user.click(await screen.findByRole('button', { name: 'Slide 3: Climb the rankings' }))
    expect(screen.getByRole('heading', { name: 'Climb the rankings' })).toBeTruthy()
    expect(
      screen.getByRole('button', { name: 'Slide 3: Climb the rankings' }).getAttribute('aria-current'),
    ).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('heading', { name: 'Earn TTC' })).toBeTruthy()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('heading', { name: 'Bet on the polls' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Previous slide' }))
    expect(screen.getByRole('heading', { name: 'Tag the messages' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Previous slide' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("goes to the index when next leaves the app, and says 'Error saving settings' on failure", async () => {
    const user = userEvent.setup()
    const view = showWelcome('/welcome?next=%2F%2Fevil.test', { patchSettings: refused(400) })
    await user.click(await screen.findByRole('button', { name: 'Slide 4: Earn TTC' }))
    await user.click(screen.getByRole('button', { name: "Let's play!" }))
    expect((await screen.findByRole('alert')).textContent).toBe('Error saving settings')
    expect(view.history.at(-1)).toBe('/welcome?next=%2F%2Fevil.test')
  })
})

describe('coming soon', () => {
  it('pitches the game and links to sign in', async () => {
    const view = renderScreen(<ComingSoon />, {
      path: '/coming-soon',
      api: memoryApi({ authInfo: refused(401) }),
    })
    stops.push(view.stop)
    expect(screen.getByRole('heading', { name: 'Coming soon', level: 1 })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin')
  })
})
