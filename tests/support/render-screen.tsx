import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { SimulatedClock } from 'xstate'
import {
  type Client,
  createClient,
  type ErrorReport,
  memoryStorage,
  type PushBrowser,
} from '../../src/actors'
import * as gameModule from '../../src/actors/client-game-start'
import type { Navigator } from '../../src/actors/navigation'
import { socketPayloads } from '../../src/actors/socket-payloads'
import { ClientProvider } from '../../src/views/client-context'
import { GameReady } from '../../src/views/layout/GameReady'
import { fakeIo } from './fake-socket'
import { memoryApi } from './memory-api'

export interface RenderScreenOptions {
  /** the location the router starts at @default '/' */
  readonly path?: string
  /** the game API in memory (see memory-api.ts); its handlers answer by call name */
  readonly api?: ReturnType<typeof memoryApi>
  /** runs every actor's delays (refresh, background retries): xstate's SimulatedClock @default real time */
  readonly clock?: SimulatedClock
  /** the browser's notifications (e.g. fake-push-browser.ts) @default none: push is unsupported */
  readonly pushBrowser?: PushBrowser
  /** the browser's local storage @default an empty one in memory */
  readonly storage?: ReturnType<typeof memoryStorage>
}

/**
 * Renders a view inside the app's providers, on the whole client (every actor) with in-memory effects:
 * the API of memory-api.ts, local storage, a socket that authorizes and answers every subscription, and
 * a memory router the machines navigate too. The game module is given, not imported lazily: the view
 * renders at once, as under the main layout once the game is there (`GameReady`). Call `stop()` (or `cleanup` of Testing Library) after.
 * Use in a test file that starts with `// @vitest-environment happy-dom`.
 */
export function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}) {
  const location = memoryLocation({ path: options.path ?? '/', record: true })
  const navigator: Navigator = {
    current: () => location.history.at(-1) ?? '/',
    go: (to, opts) => location.navigate(to, { replace: opts?.replace ?? false }),
  }
  const { api, calls } = options.api ?? memoryApi()
  const reports: ErrorReport[] = []
  const socket = fakeIo((event, ids) =>
    event === 'authorize'
      ? [null, true]
      : [
          null,
          Object.fromEntries((ids as number[]).map((id) => [id, { a: 101, b: 99, l: 100, s: 'sp', tl: 1 }])),
        ],
  )
  const client: Client = createClient({
    navigate: navigator,
    api,
    config: {},
    search: '',
    reporter: { report: (report) => void reports.push(report) },
    socket: { fingerprint: 'fp', io: socket.ioFn, payloads: socketPayloads },
    window: new EventTarget(),
    storage: options.storage ?? memoryStorage(),
    pushBrowser: options.pushBrowser ?? null,
    timeZone: 'UTC',
    // given at once, the game's actors are there at the first render (the app imports them lazily)
    game: gameModule,
    ...(options.clock && { clock: options.clock }),
  })
  const rendered = render(
    <ClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {/* as under the main layout (the game given here, the view shows at once) */}
        <GameReady fallback={null}>{ui}</GameReady>
      </Router>
    </ClientProvider>,
  )
  return {
    ...rendered,
    client,
    calls,
    reports,
    socket,
    /** every path the router went to, the current one last */
    history: location.history,
    navigate: location.navigate,
    stop: () => {
      rendered.unmount()
      client.stop()
    },
  }
}
