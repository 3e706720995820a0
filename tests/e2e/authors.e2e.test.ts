import { describe, expect, it } from 'vitest'
import {
  checkA11y,
  collectPageIssues,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Issue 20 point 1: every message card carries its author's signal score, which leads to the author's
 * page (score, interval, judged count, recent messages with the crowd and outcome) and the authors'
 * leaderboard; both pages are axe-clean.
 */
const started = setUpE2eSession({ env: { ALPHA_MESSAGE_INTERVAL_MS: '2000' } })

describe("authors' signal scores", () => {
  it('shows a badge on message cards that opens the author page, and the leaderboard', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    // a minute of the stream's messages: each author has a score row from their first stored message on
    await server.advanceClock(61_000)
    await page.goto('/livestream')
    const feed = page.getByRole('feed', { name: 'Live tweets' })
    await feed.getByRole('article').first().waitFor({ timeout: 30_000 })
    // a message's author may have first written after the job ran: the newest card with a badge
    const badge = feed.getByRole('link', { name: /^Signal \d+%: the signal score of @/ }).first()
    await badge.waitFor({ timeout: 30_000 })
    // nobody has tagged anything yet: every author has the prior's 50 %
    expect(await badge.textContent()).toBe('Signal 50%')
    const handle = /@(\w+)/.exec((await badge.getAttribute('aria-label')) ?? '')?.[1]
    expect(handle).toBeTruthy()

    // new messages keep arriving above it: click this author's badge, not whatever card is newest by then
    await feed
      .getByRole('link', { name: new RegExp(`^Signal \\d+%: the signal score of @${handle} \\(`) })
      .first()
      .click()
    await page.waitForURL(`**/authors/${handle}`)
    await page.getByRole('heading', { level: 1, name: `@${handle}` }).waitFor()
    const recent = page.getByRole('region', { name: 'Recent messages' })
    await recent.waitFor()
    expect(await page.getByText('Signal score 50.0%').count()).toBe(1)
    expect(await recent.getByRole('listitem').count()).toBeGreaterThan(0)
    expect(await checkA11y(page)).toEqual([])

    await page.getByRole('link', { name: 'All authors' }).click()
    await page.waitForURL('**/authors')
    const table = page.getByRole('table', { name: 'Authors by signal score' })
    await table.waitFor()
    expect(await checkA11y(page)).toEqual([])
    // every author has the prior's score, so the board orders them by handle: this one may be on a later page
    const pages = page.getByRole('navigation', { name: 'Pages' })
    for (let shown = 1; (await table.getByRole('link', { name: `@${handle}` }).count()) === 0; shown += 1) {
      expect(shown).toBeLessThan(5)
      const firstRow = await table.getByRole('row').nth(1).textContent()
      await pages.getByRole('link', { name: 'Next page' }).click()
      await page.waitForURL(`**/authors?page=${shown + 1}`)
      await expect.poll(() => table.getByRole('row').nth(1).textContent()).not.toBe(firstRow)
    }
    expect(await table.getByRole('link', { name: `@${handle}` }).count()).toBe(1)
    expect(issues.all()).toEqual([])
  })
})
