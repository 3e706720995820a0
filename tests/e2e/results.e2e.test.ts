import { describe, expect, it } from 'vitest'
import type { Title } from '../../src/api/market'
import {
  advanceClocks,
  checkA11y,
  collectPageIssues,
  installServerClock,
  openPoll,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Issue 17 point 3: results are an event. A player's prediction is judged and the poll they bet on is
 * settled while the test clock moves: a fresh visit tells both by the title's name (right or wrong, the
 * side that won, what each paid), and the credit menu's transactions name the title each was for (the
 * bet on a poll, a right call's reward).
 */
const started = setUpE2eSession({ env: { ALPHA_MESSAGE_INTERVAL_MS: '500' } })

const hourMs = 3_600_000
const stake = 10

describe('results as an event', () => {
  for (const [size, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.mobile],
  ] as const) {
    it(`tells a judged prediction and a settled bet by their titles, and names the title of each transaction, on a ${size}`, async () => {
      const { server, browser } = started()
      const player = await signUpPlayer(server)
      const page = await browser.newPage(viewport, { baseURL: server.url })
      await installServerClock(page, server)
      await signInBrowser(page, server, player)
      const issues = collectPageIssues(page)

      // a bet on an open poll (the poll card's form is another test's): the ledger says what it was for
      const poll = await openPoll(server, player, page)
      const vote = await player.client.post(`/v1/stockgame/polls/${poll.pollId}/vote`, {
        pollId: poll.pollId,
        userId: player.id,
        vote: 'up',
        ttcBet: stake,
      })
      expect(vote.status).toBe(200)
      const titles = (await player.client.get<Title[]>('/v1/stockgame/universe')).body
      const pollTitle = titles.find((title) => title.id === poll.titleId)?.n
      if (!pollTitle) throw new Error('the poll has no title')

      // a prediction in the live stream, on a message whose market trades
      await page.goto('/livestream')
      const feed = page.getByRole('feed', { name: 'Live tweets' })
      const message = feed
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: 'Up', exact: true, disabled: false }) })
        .first()
      await message.waitFor({ timeout: 60_000 })
      const id = await message.getAttribute('data-message-id')
      const article = feed.locator(`article[data-message-id="${id}"]`)
      const tagged = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith(`/tagged-messages/${id}/tag`),
      )
      await article.getByRole('button', { name: 'Up', exact: true }).click()
      const tag = await tagged
      expect(tag.status()).toBe(200)
      const { titleId: taggedTitleId } = tag.request().postDataJSON() as { titleId: number }
      const taggedTitle = titles.find((title) => title.id === taggedTitleId)?.n
      if (!taggedTitle) throw new Error('the prediction has no title')
      // the device keeps the running prediction and the unpaid bet: what changes next is news
      await page.goto('/polls')
      await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()

      const now = await server.advanceClock(0)
      await advanceClocks(server, [page], Math.max(poll.evalTime, now + 3 * hourMs) + 5 * 60_000 - now)
      await page.goto('/livestream/predictions')
      const notices = page.getByRole('region', { name: /notifications/i })
      const told = notices.getByText(new RegExp(`^${taggedTitle}: your Up call was (right|wrong)$`))
      await told.waitFor({ timeout: 20_000 })
      const right = (await told.textContent())?.endsWith('right')
      await notices.getByText(right ? 'You won +1.00 TTC' : 'No reward this time').waitFor()
      // the poll the player bet on was settled meanwhile: told by its title, with what the bet did
      const settled = notices.getByText(new RegExp(`^${pollTitle} poll: (Up|Down|Flat) won$`))
      await settled.waitFor({ timeout: 20_000 })
      const won = (await settled.textContent())?.endsWith('Up won')
      await notices
        .getByText(won ? /^Your Up bet paid \+[\d.]+ TTC$/ : `Your Up bet of ${stake}.00 TTC was lost`)
        .waitFor()
      expect(await checkA11y(page)).toEqual([])

      await page.getByRole('button', { name: /^Credit: / }).click()
      const transactions = page.getByRole('list', { name: 'Transactions' })
      await transactions
        .getByRole('listitem')
        .filter({ hasText: `Bet placed: ${pollTitle} (Up)` })
        .waitFor()
      // a right call's reward names its title too
      if (right)
        await transactions
          .getByRole('listitem')
          .filter({ hasText: `Prediction reward: ${taggedTitle}` })
          .waitFor()
      expect(issues.all()).toEqual([])
      await page.context().close()
    })
  }
})
