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
 * Issue 17 point 2: every tag answers. At phone and desktop sizes a tag of the live stream shows at
 * once what the server recorded (direction, title, price) and when it is judged, and the prediction is
 * in Your Predictions, running.
 */
const started = setUpE2eSession()

describe('a tag answers the player', () => {
  for (const [size, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.mobile],
  ] as const) {
    it(`shows what was recorded and when it is judged, on a ${size}`, async () => {
      const { server, browser } = started()
      const player = await signUpPlayer(server)
      const page = await browser.newPage(viewport, { baseURL: server.url })
      await signInBrowser(page, server, player)
      const issues = collectPageIssues(page)
      await page.goto('/livestream')
      const feed = page.getByRole('feed', { name: 'Live tweets' })
      // fair play disables Up on a title whose market is closed: the newest message it allows
      const taggable = feed
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: 'Up', exact: true, disabled: false }) })
        .first()
      await taggable.waitFor({ timeout: 60_000 })
      const id = await taggable.getAttribute('data-message-id')
      if (!id) throw new Error('a message without data-message-id')
      const tagged = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith(`/tagged-messages/${id}/tag`),
      )
      await feed
        .locator(`article[data-message-id="${id}"]`)
        .getByRole('button', { name: 'Up', exact: true })
        .click()
      expect((await tagged).status()).toBe(200)

      // the answer, in the player's words: the direction, the title by name, the price, the judging time
      const notice = page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('listitem')
        .filter({ hasText: /Up on / })
      await notice.waitFor({ timeout: 15_000 })
      const text = (await notice.textContent()) ?? ''
      expect(text).toMatch(/Up on .+ at \D{0,3}[\d,.]+/)
      expect(text).not.toMatch(/Title #/)
      expect(text).toMatch(/Judged at \d{1,2}:\d{2}.*Your Predictions/)
      expect(await checkA11y(page), `axe on the live stream with the notice at ${viewport.width} px`).toEqual(
        [],
      )

      await page.getByRole('tab', { name: 'Your Predictions' }).click()
      await page.waitForURL((url) => url.pathname === '/livestream/predictions')
      const rows = page.getByRole('table', { name: 'Your predictions' }).getByRole('row')
      // a header row and the prediction, running until it is judged
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2)
      expect(await rows.nth(1).getByText('Running').count()).toBeGreaterThan(0)
      expect(issues.all()).toEqual([])
    })
  }
})
