import type { Page, WebSocket } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  checkA11y,
  collectPageIssues,
  type PageIssues,
  screenshot,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Spec §8 server errors and §4 realtime socket: a storm of 5xx answers sends the player to /error with
 * the retry countdown, and the app returns once the server answers again; a server restart drops the
 * socket, which reconnects by itself and says 'Reconnected'. One player, one page, in order.
 */

let page: Page
let issues: PageIssues
const sockets: WebSocket[] = []

const session = setUpE2eSession({}, async ({ server, browser }) => {
  page = await browser.newPage(viewports.desktop, { baseURL: server.url })
  await signInBrowser(page, server, await signUpPlayer(server))
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname.startsWith('/socket.io')) sockets.push(socket)
  })
  issues = collectPageIssues(page)
})
const started = () => session().server

const notifications = () => page.getByRole('region', { name: 'Notifications' })

/** The seconds of the newest 'Retry starting in {n} seconds...' caption. */
async function retrySeconds(): Promise<number> {
  const text = await notifications()
    .getByText(/^Retry starting in \d+ seconds\.\.\.$/)
    .last()
    .textContent()
  return Number(/(\d+)/.exec(text ?? '')?.[1])
}

describe('resilience', () => {
  it('shows /error and the retry countdown during a 5xx storm, and comes back when it ends', async () => {
    await page.goto('/polls')
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    // the first loads are done before the storm
    await page.waitForLoadState('networkidle')

    // every game read fails from now on; the app's 10 s refresh runs into it
    let failed = 0
    await page.route('**/v1/stockgame/**', (route) => {
      if (route.request().method() !== 'GET') return route.continue()
      failed += 1
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal', message: 'e2e storm' }),
      })
    })

    await page.waitForURL((url) => url.pathname === '/error', { timeout: 20_000 })
    const main = page.getByRole('main')
    await main.getByRole('heading', { name: 'Oops! Something went wrong', level: 1 }).waitFor()
    await main.getByText('No connection to server!').waitFor()
    await notifications().getByText('Error fetching data from server!').first().waitFor()
    const first = await retrySeconds()
    expect(first).toBeGreaterThan(0)
    // it counts down
    await expect.poll(retrySeconds, { timeout: 5_000 }).toBeLessThan(first)
    expect(failed).toBeGreaterThan(0)
    await screenshot(page, 'error')
    // soft: the way back below is checked whatever axe finds
    expect.soft(await checkA11y(page)).toEqual([])

    // the storm ends: the next retry succeeds and the app goes back to where the player was
    await page.unroute('**/v1/stockgame/**')
    await page.waitForURL((url) => url.pathname === '/polls', { timeout: 25_000 })
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    // the storm's 500s were wanted; nothing else went wrong
    expect(issues.errors).toEqual([])
    issues.clear()
  })

  it('reconnects the socket after a server restart and says so', async () => {
    const server = started()
    await page.goto('/livestream')
    await page.getByRole('heading', { name: 'Live stream', level: 1 }).waitFor()
    await expect.poll(() => sockets.some((socket) => !socket.isClosed())).toBe(true)
    const before = sockets.length

    await server.restart({
      // down until the browser has tried and failed (a first attempt that succeeds says nothing)
      whileDown: () => notifications().getByText('Connect error').first().waitFor({ timeout: 20_000 }),
    })
    await notifications().getByText('Reconnected').waitFor({ timeout: 20_000 })
    expect(sockets.length).toBeGreaterThan(before)
    expect(sockets.at(-1)?.isClosed()).toBe(false)
    await screenshot(page, 'reconnected')
    // a closing server answers 503: the app may have gone to /error meanwhile, and must come back
    await page.waitForURL((url) => url.pathname === '/livestream', { timeout: 25_000 })
    await page.getByRole('heading', { name: 'Live stream', level: 1 }).waitFor()
    // refused connections while the server was down are expected; no script error is
    expect(issues.errors.filter((line) => !/WebSocket connection to .* failed/.test(line))).toEqual([])
  })
})
