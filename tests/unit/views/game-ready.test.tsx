// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type Client, createClient, memoryStorage } from '~/actors'
import * as gameModule from '~/actors/client-game-start'
import type { GameModule } from '~/actors/load-game'
import { ClientProvider, useClient } from '~/views/client-context'
import { GameReady } from '~/views/layout/GameReady'
import { mainLayoutRoutes } from '~/views/routes'
import { fakeNavigator } from '../../support/client-fixtures'
import { memoryApi, refused } from '../../support/memory-api'

const clients: Client[] = []
afterEach(() => {
  for (const client of clients.splice(0)) client.stop()
  cleanup()
})

/** A view that reads a game actor. */
function GroupsStatus() {
  return <p>{useClient().groups.getSnapshot().status}</p>
}

/** The app's client as main.tsx makes it: the game module imported lazily (unless given). */
function lazyClient(game?: GameModule) {
  const client = createClient({
    game,
    navigate: fakeNavigator('/').navigator,
    api: memoryApi({ authInfo: refused(401) }).api,
    config: {},
    search: '',
    reporter: { report: () => {} },
    window: new EventTarget(),
    storage: memoryStorage(),
  })
  clients.push(client)
  return client
}

describe('the lazily loaded game', () => {
  it('holds back the views that read it until it is there, then shows them', async () => {
    const client = lazyClient()
    render(
      <ClientProvider client={client}>
        <GameReady fallback={<p>waiting</p>}>
          <GroupsStatus />
        </GameReady>
      </ClientProvider>,
    )
    // read before the game is there, the groups would throw
    expect(screen.getByText('waiting')).toBeTruthy()
    expect(client.hasGame()).toBe(false)
    // the first import of the game module transforms it: slow in a cold test run
    expect(await screen.findByText('active', {}, { timeout: 10_000 })).toBeTruthy()
    expect(client.hasGame()).toBe(true)
  })

  it('shows the views at once when the game was given', () => {
    const client = lazyClient(gameModule)
    render(
      <ClientProvider client={client}>
        <GameReady fallback={<p>waiting</p>}>
          <GroupsStatus />
        </GameReady>
      </ClientProvider>,
    )
    expect(screen.getByText('active')).toBeTruthy()
  })
})

describe('route screens', () => {
  it('load once, whether preloaded beside the layout or rendered', async () => {
    const faq = mainLayoutRoutes.find((route) => route.path === '/faq')
    const first = faq?.preload()
    expect(faq?.preload()).toBe(first)
    expect(Object.keys((await first) as object)).toContain('Faq')
  })
})
