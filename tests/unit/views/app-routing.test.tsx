// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { App } from '../../../src/views/App'
import { memoryApi, refused } from '../../support/memory-api'
import { renderScreen } from '../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(path: string, api = memoryApi()) {
  const view = renderScreen(<App />, { path, api })
  stops.push(view.stop)
  return view
}

describe('App routing (spec §2)', () => {
  it('shows the not-found page for an unknown path of a signed-in player', async () => {
    show('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })

  it('sends a guest to the sign-in route with the wanted path in next', async () => {
    const view = show('/polls', memoryApi({ authInfo: refused(401) }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/account/signin?next=%2Fpolls'))
  })

  it('sends a guest who wants the settings to sign in (the settings require authentication)', async () => {
    const view = show('/settings', memoryApi({ authInfo: refused(401) }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/account/signin?redirect=%2Fsettings'))
  })

  it('lets a guest see a public route', async () => {
    const view = show('/coming-soon', memoryApi({ authInfo: refused(401) }))
    await screen.findByRole('heading', { level: 1 })
    expect(view.history.at(-1)).toBe('/coming-soon')
  })
})
