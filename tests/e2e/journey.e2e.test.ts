import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Title } from '../../src/api/market'
import type { Poll } from '../../src/api/polls'
import { formatTtc } from '../../src/domain/number-format'
import { nextMarketOpening } from '../../src/domain/trading-hours'
import {
  advanceClocks,
  checkA11y,
  collectPageIssues,
  installServerClock,
  type PageIssues,
  pollOutcomeAt,
  screenshot,
  setUpE2eSession,
  signUpPlayer,
  viewports,
} from './support'

/**
 * A new player's first day, through the UI only, against the real server on the test clock: sign up
 * with an invitation code, the welcome slides, three predictions in the live stream, a bet on a poll,
 * then the clock past the evaluations: the results, the payout, the ranking and the activity stream.
 * The steps share one page and run in order; each main screen is photographed and checked with axe at
 * 390 and 1440 px on the way (axe findings are soft, so one screen's problem does not hide the rest
 * of the journey; the test still fails).
 */

const hourMs = 3_600_000
const wager = 10
/** a second player's stake on a losing side: the winner's payout is the whole pot */
const otherStake = 20

let page: Page
let issues: PageIssues

const journey = {
  username: `journey_${process.pid % 100_000}`,
  taggedMessageIds: [] as string[],
  poll: undefined as Poll | undefined,
  titleName: '',
  balanceAfterBet: 0,
}

const session = setUpE2eSession(
  // a message every 3 s on average: the stream has fresh ones while the test waits
  { env: { ALPHA_MESSAGE_INTERVAL_MS: '3000' } },
  async ({ server, browser }) => {
    page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await installServerClock(page, server)
    // a guest's /v1/auth/info is a 401, not a failure; nothing else may go wrong on the way
    issues = collectPageIssues(page)
  },
)
const started = () => session().server

/**
 * Photographs the screen at 390 and 1440 px (tests/e2e/screenshots/<name>-<width>.png) and checks it
 * with axe at 390 px: serious and critical violations fail the test (softly, see above). The desktop
 * width of every route is a11y.e2e.test.ts's, so each check runs once.
 */
async function captureScreen(name: string, ready?: Locator): Promise<void> {
  for (const viewport of [viewports.mobile, viewports.desktop]) {
    await page.setViewportSize(viewport)
    await ready?.waitFor()
    await screenshot(page, name)
    if (viewport === viewports.mobile)
      expect.soft(await checkA11y(page), `axe on ${name} at ${viewport.width} px`).toEqual([])
  }
}

/** The signed-in player's API, through the page's own cookies. */
async function apiGet<T>(path: string): Promise<T> {
  const response = await page.request.get(`${started().url}${path}`, { headers: { 'x-app-version': 'e2e' } })
  expect(response.status(), `GET ${path}`).toBe(200)
  return (await response.json()) as T
}

const main = () => page.getByRole('main')

/** The poll's card by its id: the same title may have several polls (today's, yesterday's). */
const pollCard = (poll: Poll) => main().locator(`article[aria-labelledby="poll-${poll.pollId}"]`)

/** The credit button's label: 'Credit: 1,000.00 TTC'. */
async function shownBalance(): Promise<number> {
  const label = await page.getByRole('button', { name: /^Credit: / }).getAttribute('aria-label')
  const amount = /^Credit: ([\d,.-]+) TTC$/.exec(label ?? '')?.[1]
  if (amount === undefined) throw new Error(`unexpected credit label: ${label}`)
  return Number(amount.replaceAll(',', ''))
}

describe('a new player’s journey', () => {
  it('signs up with an invitation code and goes through the welcome slides', async () => {
    const server = started()
    await page.goto('/account/signin')
    await page.getByRole('heading', { name: 'Welcome to Alpha', level: 1 }).waitFor()
    await captureScreen('sign-in', page.getByRole('tab', { name: 'Sign in' }))

    await page.getByRole('tab', { name: 'Sign up' }).click()
    const form = page.getByRole('form', { name: 'Sign up' })
    // sent empty, the form shows its fields' errors: legible ones (axe checks their contrast)
    await form.getByRole('button', { name: 'Sign up' }).click()
    await form.getByText('Please enter a valid email address').waitFor()
    expect(await checkA11y(page)).toEqual([])
    await form.getByLabel('Invitation code').fill(await server.takeInvitationCode())
    await form.getByLabel('E-mail').fill(`${journey.username}@example.test`)
    await form.getByLabel('Username').fill(journey.username)
    await form.getByLabel('Password').fill('correct horse battery staple')
    // the box is drawn over the native input: the player clicks the label
    await form.getByText('I agree to the terms and conditions').click()
    expect(await form.getByRole('checkbox', { name: /I agree to the terms/ }).isChecked()).toBe(true)
    await form.getByRole('button', { name: 'Sign up' }).click()

    // spec §2: a first-time player is sent to the first-time route
    await page.waitForURL(/\/welcome/)
    const slide = page.getByRole('group', { name: /of 4$/ })
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('1 of 4')
    await captureScreen('welcome', slide)
    for (const [position, title] of [
      [2, 'Bet on the polls'],
      [3, 'Climb the rankings'],
      [4, 'Earn TTC'],
    ] as const) {
      await page.getByRole('button', { name: 'Next' }).click()
      await slide.getByRole('heading', { name: title }).waitFor()
      expect(await slide.getAttribute('aria-label')).toBe(`${position} of 4`)
    }
    await page.getByRole('button', { name: "Let's play!" }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    await expect
      .poll(() => page.getByRole('button', { name: `Account menu of ${journey.username}` }).count())
      .toBe(1)
    // the flag is saved: a reload stays on the dashboard
    await page.reload()
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await captureScreen('dashboard', page.getByRole('region', { name: 'Activity stream' }))
    expect(issues.all()).toEqual([])
  })

  it('tags three messages of the live stream', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Live stream' }).click()
    await page.waitForURL((url) => url.pathname === '/livestream')
    const feed = page.getByRole('feed', { name: 'Live tweets' })
    const first = feed.getByRole('article').first()
    // the simulated market posts a message every few seconds: the first ones may still be coming
    await first.waitFor({ timeout: 30_000 })
    await captureScreen('live-stream', first)

    for (let i = 0; i < 3; i++) {
      const trend = i % 2 === 0 ? 'Up' : 'Down'
      // fair play disables a direction on a title whose market is closed (or held the other way by an
      // earlier tag): the newest message whose button is enabled
      const newest = feed
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: trend, exact: true, disabled: false }) })
        .first()
      await newest.waitFor({ timeout: 60_000 })
      const id = await newest.getAttribute('data-message-id')
      if (!id) throw new Error('a message without data-message-id')
      // the message by its id: a newer one may arrive on top between reading the id and the click
      const article = feed.locator(`article[data-message-id="${id}"]`)
      const tagged = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith(`/tagged-messages/${id}/tag`),
      )
      await article.getByRole('button', { name: trend, exact: true }).click()
      expect((await tagged).status()).toBe(200)
      // a tagged message leaves the stream
      await feed.locator(`article[data-message-id="${id}"]`).waitFor({ state: 'detached' })
      journey.taggedMessageIds.push(id)
    }

    await page.getByRole('tab', { name: 'Your Predictions' }).click()
    await page.waitForURL((url) => url.pathname === '/livestream/predictions')
    const rows = main().getByRole('table', { name: 'Your predictions' }).getByRole('row')
    // a header row and one row per prediction, each running until evaluated
    await expect.poll(() => rows.count()).toBe(4)
    expect(await rows.filter({ hasText: 'Running' }).count()).toBe(3)
    await captureScreen('your-predictions', rows.nth(1))
    // on a phone the table fits: the result stays in view, the prices move into the title cell
    await page.setViewportSize(viewports.mobile)
    const [scrollWidth, clientWidth] = await main()
      .getByRole('region', { name: 'Predictions table' })
      .evaluate((element) => [element.scrollWidth, element.clientWidth])
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    await page.setViewportSize(viewports.desktop)
    // on a desktop every column shows
    const table = main().getByRole('table', { name: 'Your predictions' })
    for (const column of ['At price', 'Eval / latest price', 'Result', 'Reward factor', 'Created'])
      expect(await table.getByRole('columnheader', { name: column }).isVisible(), column).toBe(true)
    expect(issues.all()).toEqual([])
  })

  it('bets on an open poll in the bet dialog', async () => {
    const server = started()
    const now = await server.advanceClock(0)
    const universe = await apiGet<Title[]>('/v1/stockgame/universe')
    // fair play: no bet while the poll's market is closed (Bitcoin's always trades)
    const trades = (poll: Poll, from: number) =>
      [from, from + 10 * 60_000].every(
        (at) =>
          nextMarketOpening(universe.find((title) => title.id === poll.titleId)?.hours, at) === undefined,
      )
    const usable = (polls: Poll[]) =>
      polls.find((poll) => poll.phase === 'open' && poll.endTime - now > 10 * 60_000 && trades(poll, now))
    let poll = usable(await apiGet<Poll[]>('/v1/stockgame/polls'))
    if (!poll) {
      // none open now: move the server's clock to the next poll time (spec §4 poll times, Europe/Berlin)
      const next = await apiGet<{ startTime: number; titleIds: number[] }>('/v1/stockgame/polls/next')
      expect(next.titleIds.length).toBeGreaterThan(0)
      const at = await advanceClocks(server, [page], next.startTime + 60_000 - now)
      poll = (await apiGet<Poll[]>('/v1/stockgame/polls')).find(
        (candidate) => candidate.phase === 'open' && candidate.endTime > at && trades(candidate, at),
      )
    }
    if (!poll) throw new Error('no poll opened at the poll time')
    journey.poll = poll
    journey.titleName = universe.find((title) => title.id === poll.titleId)?.n ?? ''
    expect(journey.titleName).not.toBe('')

    // the market is deterministic: bet on the side that will win, while another player takes the other
    const winner = await pollOutcomeAt(poll)
    const loser = winner === 'up' ? 'down' : 'up'
    const other = await signUpPlayer(server)
    const otherBet = await other.client.post(`/v1/stockgame/polls/${poll.pollId}/vote`, {
      pollId: poll.pollId,
      userId: other.id,
      vote: loser,
      ttcBet: otherStake,
    })
    expect(otherBet.status).toBe(200)

    // a reload: the stores load what the server has after the clock moved
    await page.goto('/polls')
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    const card = pollCard(poll)
    // read before the dialog opens: a modal dialog hides the rest of the page from assistive technology
    const balanceBefore = await shownBalance()
    await card.getByRole('button', { name: `Place bet on ${journey.titleName}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Place your bet' })
    await dialog.waitFor()
    const labels = { up: 'Up', flat: 'Flat', down: 'Down' } as const
    // no side chosen yet, the three sides are still one tab stop: Tab goes from Up on to the wager
    await dialog.getByRole('button', { name: 'Close' }).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('up')
    await page.keyboard.press('Tab')
    await expect
      .poll(() =>
        dialog.getByRole('textbox', { name: 'Wager (TTC)' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true)
    await dialog.getByText(labels[winner], { exact: true }).click()
    // typed key by key with no pause, as a quick player does: every keystroke stays
    const wagerField = dialog.getByRole('textbox', { name: 'Wager (TTC)' })
    await wagerField.pressSequentially(`${wager}.50`, { delay: 0 })
    expect(await wagerField.inputValue()).toBe(`${wager}.50`)
    await wagerField.fill(String(wager))
    await captureScreen('polls-bet-dialog', dialog)
    // the same dialog in dark mode passes axe too, with Up and with Down chosen (their solid fills)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true)
    for (const side of ['up', 'down', winner] as const) {
      await dialog.getByText(labels[side], { exact: true }).click()
      expect(await checkA11y(page), `dark mode, ${side} chosen`).toEqual([])
    }
    await page.emulateMedia({ colorScheme: 'light' })

    const voted = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith(`/polls/${poll.pollId}/vote`),
    )
    await dialog.getByRole('button', { name: 'Place bet', exact: true }).click()
    expect((await voted).status()).toBe(200)
    // the bet answers in the dialog with the stake (issue 17.2), until the player closes it
    await dialog
      .getByRole('status')
      .getByText(`Bet placed: ${labels[winner]}, ${formatTtc(wager)}`)
      .waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await card.getByText(`Your bet: ${labels[winner]}, ${formatTtc(wager)}`).waitFor()
    // both bets are in the pot the card shows
    await card
      .getByText(formatTtc(wager + otherStake))
      .first()
      .waitFor()
    // the results bar paints its three sides in three colours (a colour Panda did not find in the
    // source once left them all blank)
    const sideColours = await card
      .locator('[data-side]')
      .evaluateAll((sides) => sides.map((side) => getComputedStyle(side).backgroundColor))
    expect(sideColours).toHaveLength(3)
    expect(new Set(sideColours).size).toBe(3)
    expect(sideColours).not.toContain('rgba(0, 0, 0, 0)')
    // the wager leaves the wallet (the balance is refreshed with the auth user)
    await expect.poll(shownBalance, { timeout: 15_000 }).toBeCloseTo(balanceBefore - wager, 2)
    journey.balanceAfterBet = balanceBefore - wager
    expect(issues.all()).toEqual([])
  })

  it('shows the evaluations, the payout, the ranking and the activity once the clock has passed them', async () => {
    const server = started()
    const poll = journey.poll
    if (!poll) throw new Error('the bet step did not run')
    const now = await server.advanceClock(0)
    // predictions are evaluated 3 h after creation, the poll at its evalTime (due jobs run before the answer)
    const target = Math.max(poll.evalTime, now + 3 * hourMs) + 5 * 60_000
    await advanceClocks(server, [page], target - now)

    await page.goto('/livestream/predictions')
    const table = main().getByRole('table', { name: 'Your predictions' })
    await table.waitFor()
    await page.getByRole('radio', { name: 'Completed' }).check({ force: true })
    const rows = table.getByRole('row')
    await expect.poll(() => rows.count()).toBe(4)
    expect(await rows.filter({ hasText: 'Running' }).count()).toBe(0)
    const results = await rows.filter({ hasText: /Correct|Incorrect/ }).allTextContents()
    expect(results).toHaveLength(3)
    const correct = results.filter((row) => !row.includes('Incorrect')).length
    await captureScreen('your-predictions-evaluated', rows.nth(1))

    // the poll is decided: the winner takes the pot
    await page.goto('/polls/finished')
    const card = pollCard(poll)
    await expect
      .poll(() => card.textContent(), { timeout: 15_000 })
      .toContain(`You won: payout ${formatTtc(wager + otherStake)}`)
    await captureScreen('polls-finished', card)

    // the credit menu: the payout among the last transactions, the balance up by it and the rewards
    const credit = page.getByRole('button', { name: /^Credit: / })
    await expect
      .poll(shownBalance, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(journey.balanceAfterBet + wager + otherStake)
    const balance = await shownBalance()
    await credit.click()
    const transactions = page.getByRole('list', { name: 'Transactions' })
    await transactions.waitFor()
    await transactions
      .getByRole('listitem')
      .filter({ hasText: 'Poll winnings' })
      .filter({ hasText: formatTtc(wager + otherStake, true) })
      .waitFor()
    // 1 TTC per correct prediction; the evaluation books one reward per batch, so two correct ones
    // judged together may make one row of 2 TTC
    const rewards = await transactions
      .getByRole('listitem')
      .filter({ hasText: 'Prediction reward' })
      .allTextContents()
    const rewarded = rewards.reduce(
      (sum, text) => sum + Number(/([\d.]+) TTC/.exec(text)?.[1] ?? Number.NaN),
      0,
    )
    expect(rewarded).toBeCloseTo(correct)
    // at most 1 TTC per correct prediction (spec §1)
    expect(balance).toBeLessThanOrEqual(journey.balanceAfterBet + wager + otherStake + correct + 0.001)
    await captureScreen('credit-menu', transactions)
    await page.keyboard.press('Escape')

    // the ranking of all time counts the evaluated predictions and the poll (a week may have ended)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings' }).click()
    await page.getByRole('tab', { name: 'All-time' }).click()
    await page.waitForURL((url) => url.pathname === '/rankings/all_time')
    const ranking = main().getByRole('table', { name: 'All-time ranking' })
    await ranking.getByRole('row').filter({ hasText: journey.username }).waitFor()
    await captureScreen('rankings', ranking)

    // the activity stream of the group: the evaluated predictions and the bet
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    const activity = page.getByRole('region', { name: 'Activity stream' })
    await activity.getByRole('heading', { name: 'Evaluated predictions' }).waitFor()
    await activity
      .getByText(`bet ${formatTtc(wager)} on`)
      .first()
      .waitFor()
    await activity
      .getByText(/A poll was decided/)
      .first()
      .waitFor()
    await captureScreen('dashboard-after-evaluation', activity)
    expect(issues.all()).toEqual([])
  })

  it('shows the groups and settings screens', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click()
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor()
    await captureScreen('groups', page.getByRole('heading', { name: 'Your groups' }))

    await page.getByRole('button', { name: `Account menu of ${journey.username}` }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await page.waitForURL((url) => url.pathname === '/settings')
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await captureScreen('settings')
    expect(issues.all()).toEqual([])
  })
})
