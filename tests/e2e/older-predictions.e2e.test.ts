import { describe, expect, it } from 'vitest'
import {
  advanceClocks,
  checkA11y,
  collectPageIssues,
  installServerClock,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Your Predictions keeps a week; a prediction older than that is one click away below it, judged, from the
 * server's history of the player's predictions.
 */
const started = setUpE2eSession({ env: { ALPHA_MESSAGE_INTERVAL_MS: '500' } })

const dayMs = 86_400_000

describe("Your Predictions' older predictions", () => {
  it('shows a prediction of last week, judged, below this week on a phone, accessibly', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)

    // a prediction in the live stream, on a message whose market trades
    await page.goto('/livestream')
    const message = page
      .getByRole('feed', { name: 'Live tweets' })
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Up', exact: true, disabled: false }) })
      .first()
    await message.waitFor({ timeout: 60_000 })
    const tagged = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/tagged-messages/'),
    )
    await message.getByRole('button', { name: 'Up', exact: true }).click()
    expect((await tagged).status()).toBe(200)

    // eight days on: judged long ago, and out of the week the app keeps
    await advanceClocks(server, [page], 8 * dayMs)
    await page.goto('/livestream/predictions')
    // a loaded machine (the first run builds the app beside it) may take longer than the default 10 s
    await page.getByText('No predictions this week').waitFor({ timeout: 30_000 })
    const older = page.getByRole('region', { name: 'Older predictions', exact: true })
    await older.getByRole('button', { name: 'Show older predictions' }).click()
    const table = older.getByRole('table', { name: 'Your older predictions' })
    await table.waitFor({ timeout: 30_000 })
    expect(await table.getByRole('rowheader').count()).toBe(1)
    expect(await table.getByRole('cell', { name: /^(Correct|Incorrect|Unchanged)$/ }).count()).toBe(1)
    expect(await table.getByText('Running').count()).toBe(0)
    // one prediction: no page follows
    expect(await older.getByRole('button', { name: /Show/ }).count()).toBe(0)
    expect(await checkA11y(page), 'axe with the older predictions').toEqual([])
    expect(issues.all()).toEqual([])
    await page.context().close()
  })
})
