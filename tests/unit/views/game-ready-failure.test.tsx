// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Client, createClient, memoryStorage } from '~/actors'
import { ClientProvider } from '~/views/client-context'
import { GameReady } from '~/views/layout/GameReady'
import { fakeNavigator } from '../../support/client-fixtures'
import { memoryApi, refused } from '../../support/memory-api'

// the game's chunk cannot be fetched (offline, or replaced by a new release)
vi.mock('~/actors/load-game', () => ({
  loadGame: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
}))

const clients: Client[] = []
afterEach(() => {
  for (const client of clients.splice(0)) client.stop()
  cleanup()
})

describe('the lazily loaded game, when its import fails', () => {
  it('tells the player instead of waiting forever, reports it, and offers a fresh page load', async () => {
    const reports: { message: string }[] = []
    const client = createClient({
      navigate: fakeNavigator('/').navigator,
      api: memoryApi({ authInfo: refused(401) }).api,
      config: {},
      search: '',
      reporter: { report: (report) => void reports.push(report) },
      window: new EventTarget(),
      storage: memoryStorage(),
    })
    clients.push(client)
    render(
      <ClientProvider client={client}>
        <GameReady fallback={<p>waiting</p>}>
          <p>the game</p>
        </GameReady>
      </ClientProvider>,
    )
    expect(screen.getByText('waiting')).toBeTruthy()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The game could not be loaded.')).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'reload the page' }).getAttribute('href')).toBe(
      location.href,
    )
    expect(screen.queryByText('the game')).toBeNull()
    expect(screen.queryByText('waiting')).toBeNull()
    expect(reports.map((report) => report.message)).toContain('Could not load the game')
  })
})
