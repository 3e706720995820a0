import { afterAll, beforeAll } from 'vitest'
import { type E2eBrowser, launchBrowser } from './browser'
import { type E2eServer, type E2eServerOptions, startE2eServer } from './server'

export interface E2eSession {
  server: E2eServer
  browser: E2eBrowser
}

/**
 * One game server and one Chromium for a test file: both started before its tests (then `prepare`, for
 * the file's own pages), both closed after them. If one of the two fails to start, the other is closed
 * too, so a failed start leaves no process behind. Returns the started pair, for use inside the tests.
 * `options` may be a function, called when the server starts.
 */
export function setUpE2eSession(
  options: E2eServerOptions | (() => E2eServerOptions) = {},
  prepare?: (session: E2eSession) => Promise<void>,
): () => E2eSession {
  let session: E2eSession | undefined
  const closers: (() => Promise<void>)[] = []
  beforeAll(async () => {
    // a function: options known only once the file's own beforeAll ran (a stand-in service's address)
    const serverOptions = typeof options === 'function' ? options() : options
    const [server, browser] = await Promise.allSettled([startE2eServer(serverOptions), launchBrowser()])
    if (browser.status === 'fulfilled') closers.push(() => browser.value.close())
    if (server.status === 'fulfilled') closers.push(() => server.value.stop())
    if (server.status === 'rejected') throw server.reason
    if (browser.status === 'rejected') throw browser.reason
    session = { server: server.value, browser: browser.value }
    await prepare?.(session)
  })
  afterAll(async () => {
    await Promise.allSettled(closers.map((close) => close()))
  })
  return () => {
    if (!session) throw new Error('the e2e session did not start (see the beforeAll error)')
    return session
  }
}
