import { describe, expect, it } from 'vitest'
import type { Poll, PollResults } from '../../src/api/polls'
import { formatDecimal, formatTtc } from '../../src/domain/number-format'
import { ownBetPayoutNow, sideOdds, wagerPayoutPreview } from '../../src/domain/poll-market'
import { betPreviewText } from '../../src/views/polls/poll-texts'
import {
  checkA11y,
  collectPageIssues,
  installServerClock,
  openPoll,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'
import type { E2ePlayer } from './support/players'

/**
 * Issue 17 points 6 and 2: a poll reads like a market and a bet answers. On Bitcoin's polls (its
 * market always trades), at phone and desktop sizes: the card shows when the poll is judged, what
 * flat means, the pot per side and what 1 TTC pays per side; a quick amount fills the wager and the
 * dialog says what the bet would pay; the bet answers with the stake and what it would pay now, and the card then shows the bet, not Place bet.
 */
const bitcoin = 99979
const started = setUpE2eSession({ env: { ALPHA_POLL_TITLES: String(bitcoin) } })

async function pollsOf(player: E2ePlayer): Promise<Poll[]> {
  const answer = await player.client.get<Poll[]>('/v1/stockgame/polls')
  expect(answer.status).toBe(200)
  return answer.body
}

const judgedIso = (poll: Poll) => new Date(poll.evalTime).toISOString()

describe.each([
  ['phone', viewports.mobile],
  ['desktop', viewports.desktop],
])('a poll as a market on a %s', (_, viewport) => {
  it('shows judging time, band, pots and payout per 1 TTC; a quick amount bets; the card then shows the bet', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewport, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    const poll = await openPoll(server, player, page)
    // another player's 20 TTC on Down: the pots differ per side
    const other = await signUpPlayer(server)
    const otherBet = await other.client.post<PollResults>(`/v1/stockgame/polls/${poll.pollId}/vote`, {
      pollId: poll.pollId,
      userId: other.id,
      vote: 'down',
      ttcBet: 20,
    })
    expect(otherBet.status).toBe(200)
    const before = (await pollsOf(player)).find((p) => p.pollId === poll.pollId)?.results
    if (!before) throw new Error('the poll left the list')

    await page.goto('/polls')
    const card = page.getByRole('main').locator(`article[aria-labelledby="poll-${poll.pollId}"]`)
    await card.waitFor()
    // when it is judged, on the server's clock, and what flat means
    expect(await card.locator('dd time').getAttribute('datetime')).toBe(judgedIso(poll))
    await card.getByText('within ±0.1 % of the base price').waitFor()
    // the pot and the payout per 1 TTC of each side, from the current pot
    const table = card.getByRole('table', { name: 'Pot per side and payout per 1 TTC' })
    for (const odds of sideOdds(before)) {
      const label = { up: 'Up', flat: 'Flat', down: 'Down' }[odds.side]
      const row = table.getByRole('row', { name: new RegExp(`^${label} `) })
      expect(await row.getByRole('cell').first().textContent()).toBe(formatTtc(odds.pot))
      expect(await row.getByRole('cell').nth(1).textContent()).toContain(formatDecimal(odds.payoutPerTtc))
    }
    expect(sideOdds(before).find((odds) => odds.side === 'down')?.pot).toBeGreaterThanOrEqual(20)
    expect(await checkA11y(page), `axe on the polls at ${viewport.width} px`).toEqual([])

    await card.getByRole('button', { name: /^Place bet on / }).click()
    const dialog = page.getByRole('dialog', { name: 'Place your bet' })
    await dialog.waitFor()
    await dialog.getByText('Up', { exact: true }).click()
    await dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button', { name: '25 TTC' }).click()
    expect(await dialog.getByRole('textbox', { name: 'Wager (TTC)' }).inputValue()).toBe('25.00')
    // before it is placed: what it would pay, from the same pot
    const preview = wagerPayoutPreview(before, 'up', '25.00', 100)
    if (!preview) throw new Error('25 TTC on Up makes no bet')
    await dialog.getByRole('status').getByText(betPreviewText(preview)).waitFor()
    expect(await checkA11y(page), `axe on the bet dialog at ${viewport.width} px`).toEqual([])
    const voted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith(`/polls/${poll.pollId}/vote`),
    )
    await dialog.getByRole('button', { name: 'Place bet', exact: true }).click()
    const answer = await voted
    expect(answer.status()).toBe(200)
    const results = (await answer.json()) as PollResults
    const paysNow = formatTtc(ownBetPayoutNow(results, 'up', 25, true))
    // the answer at once: the stake and what it would pay now
    const status = dialog.getByRole('status')
    await status.getByText('Bet placed: Up, 25.00 TTC').waitFor()
    await status.getByText(`If Up wins, it would pay ${paysNow} now.`).waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'hidden' })

    // the card shows the bet and what it would pay now, and no Place bet
    await card.getByText('Your bet: Up, 25.00 TTC').waitFor()
    await card.getByText(`If Up wins, it would pay ${paysNow} now`).waitFor()
    expect(await card.getByRole('button', { name: /^Place bet/ }).count()).toBe(0)
    expect(await checkA11y(page), `axe on the polls after the bet at ${viewport.width} px`).toEqual([])
    expect(issues.all()).toEqual([])
    await page.close()
  })
})
