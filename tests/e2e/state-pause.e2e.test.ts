import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  collectPageIssues,
  type PageIssues,
  screenshot,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Spec §4 "State fetching" and §8 server errors: the state route answers 503 for a while (the browser
 * answers it in the server's place: no fault switch in the server). The app pauses once for all its
 * reads: one countdown notice, replaced at every attempt, never stacked; /error says 'No connection to
 * server!'; when the state answers again the app resumes and goes back where the player was.
 */

let page: Page
let issues: PageIssues

setUpE2eSession({}, async ({ server, browser }) => {
  page = await browser.newPage(viewports.desktop, { baseURL: server.url })
  await signInBrowser(page, server, await signUpPlayer(server))
  issues = collectPageIssues(page)
})

const notifications = () => page.getByRole('region', { name: 'Notifications' })
const countdowns = () => notifications().getByText('Error fetching data from server!')

describe('state fetching', () => {
  it('polls the state every 10 s with If-None-Match, the server answering 304 while nothing changed', async () => {
    await page.goto('/polls')
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    const unchanged = await page.waitForResponse(
      (response) => response.url().endsWith('/v1/stockgame/state') && response.status() === 304,
      { timeout: 25_000 },
    )
    expect(await unchanged.request().headerValue('if-none-match')).toMatch(/^W\/".+"$/)
  })

  it('pauses on the state route’s 503: one countdown notice, /error, then back when it answers', async () => {
    await page.goto('/polls')
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')

    // the state route fails from now on; the app's 10 s refresh runs into it
    let refused = 0
    const retrySeconds: number[] = []
    await page.route('**/v1/stockgame/state', (route) => {
      refused += 1
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'e2e: state down' } }),
      })
    })

    await page.waitForURL((url) => url.pathname === '/error', { timeout: 20_000 })
    const main = page.getByRole('main')
    await main.getByRole('heading', { name: 'Oops! Something went wrong', level: 1 }).waitFor()
    await main.getByText('No connection to server!').waitFor()
    const caption = notifications().getByText(/^Retry starting in \d+ seconds\.\.\.$/)
    await caption.waitFor()
    retrySeconds.push(Number(/\d+/.exec((await caption.textContent()) ?? '')?.[0]))
    expect(await countdowns().count()).toBe(1)

    // the second attempt fails too: its countdown replaces the first (4 s), it does not stack
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await notifications().getByText('Retry starting in 4 seconds...').waitFor({ timeout: 5_000 })
    expect(await countdowns().count()).toBe(1)
    expect(await caption.count()).toBe(1)
    expect(retrySeconds).toEqual([2])
    await screenshot(page, 'state-paused')

    // the state answers again: the next attempt resumes the app, back where the player was
    await page.unroute('**/v1/stockgame/state')
    await page.waitForURL((url) => url.pathname === '/polls', { timeout: 15_000 })
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    expect(await countdowns().count()).toBeLessThanOrEqual(1)
    // the 503s were wanted; nothing else went wrong
    expect(issues.errors.filter((line) => !/status of 503/.test(line))).toEqual([])
  })
})
