import { describe, expect, it } from 'vitest'
import {
  checkA11y,
  collectPageIssues,
  type E2ePlayer,
  installServerClock,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Issue 20 point 3, the crowd on the chart: the ticker chart draws the crowd's Up/Down split per hour
 * as a histogram under the price, with a legend, and marks the player's judged prediction right or
 * wrong; the screen is axe-clean.
 */
const started = setUpE2eSession({ env: { ALPHA_MESSAGE_INTERVAL_MS: '500' } })

interface UntaggedMessage {
  message_id: string
  titles: { title_id: number }[]
}

/** The player predicts Up on the first message of their stream whose market is open; its title. */
async function tagAnOpenTitle(player: E2ePlayer): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const messages = await player.client.get<UntaggedMessage[]>('/v1/stockgame/untagged-messages')
    expect(messages.status).toBe(200)
    for (const message of messages.body) {
      const titleId = message.titles[0]?.title_id
      if (titleId === undefined) continue
      const tag = await player.client.post(`/v1/stockgame/tagged-messages/${message.message_id}/tag`, {
        userId: player.id,
        titleId,
        messageId: message.message_id,
        trend: 'Up',
      })
      if (tag.status === 200) return titleId
      // fair play refuses a title whose market is closed
      expect(tag.status).toBe(409)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the stream has no message of an open market to tag')
}

describe('the crowd on the chart', () => {
  it('draws the crowd histogram under the price with a legend, and marks a judged prediction', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const titleId = await tagAnOpenTitle(player)
    // three hours on, the prediction is judged
    await server.advanceClock(3 * 3_600_000 + 5 * 60_000)

    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    await page.goto(`/livestream?title=${titleId}`)
    const panel = page.getByRole('dialog')
    await panel.getByRole('tab', { name: 'Charts' }).click()
    await panel.getByRole('radiogroup', { name: 'Time range' }).getByText('This week').click()
    const figure = panel.getByRole('figure', { name: 'Price chart, This week' })
    await figure.waitFor()
    await expect.poll(() => figure.locator('canvas').count()).toBeGreaterThan(0)

    // the player's own prediction is in the crowd: at least one bar; and it is marked right or wrong
    await expect.poll(async () => Number(await figure.getAttribute('data-crowd-bars'))).toBeGreaterThan(0)
    await expect.poll(() => figure.getAttribute('data-prediction-markers')).toMatch(/^(right|wrong)$/)
    expect(await panel.getByTestId('crowd-legend').textContent()).toMatch(/crowd's predictions per hour/)
    expect(await checkA11y(page)).toEqual([])
    expect(issues.all()).toEqual([])
    await page.context().close()
  }, 180_000)
})
