import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { exchanges } from '../../server/market/trading-hours'
import { marketStateAt, marketStateText, todayRangeNote } from '../../src/domain/market-state'
import {
  checkA11y,
  collectPageIssues,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Issue 17 points 5 and 7: every price says its market's state and its change since the previous close,
 * and the ticker's chart follows its container both ways (no sideways scroll on a phone), draws candles
 * on request and, on a closed day, says which session Today shows.
 */
const started = setUpE2eSession({ env: { ALPHA_MESSAGE_INTERVAL_MS: '500' } })

const apple = 2494
const bitcoin = 99979
const euroPound = 99970
// the page's zone (tests/e2e/support/browser.ts): the texts show the player's local times
const zone = 'Europe/Berlin'
const signedPercent = /(?:[+-]\d+\.\d\d%|0\.00%)/

/** The page scrolls sideways when its content is wider than the window. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/** Whether an element lies within the window's width. */
async function insideWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5
}

/** Pixels of the chart's canvases in a colour (exactly, as lightweight-charts fills a candle's body). */
function countColour(figure: Locator, rgb: readonly [number, number, number]): Promise<number> {
  return figure.evaluate((element, [r, g, b]) => {
    let count = 0
    for (const canvas of element.querySelectorAll('canvas')) {
      if (canvas.width === 0 || canvas.height === 0) continue
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data
      if (!data) continue
      for (let i = 0; i < data.length; i += 4)
        if (data[i] === r && data[i + 1] === g && data[i + 2] === b && data[i + 3] === 255) count += 1
    }
    return count
  }, rgb)
}

const up = [0x30, 0xa4, 0x6c] as const
const down = [0xe5, 0x48, 0x4d] as const

async function openChart(page: Page, titleId: number): Promise<Locator> {
  await page.goto(`/livestream?title=${titleId}`)
  const panel = page.getByRole('dialog')
  await panel.getByRole('tab', { name: 'Charts' }).click()
  const figure = panel.getByRole('figure', { name: /^Price chart/ })
  await figure.waitFor()
  // the canvas draws after the widget measured its box
  await expect.poll(() => figure.locator('canvas').count()).toBeGreaterThan(0)
  return figure
}

describe('market truth on screen', () => {
  it('shows the price of a title with its market state and change in the stream and the ticker panel', async () => {
    const { server, browser } = started()
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(page, server, await signUpPlayer(server))
    const issues = collectPageIssues(page)
    await page.goto('/livestream')
    const streamPrice = page
      .getByRole('feed', { name: 'Live tweets' })
      .getByTestId('price-with-change')
      .first()
    await streamPrice.waitFor({ timeout: 30_000 })
    await expect.poll(() => streamPrice.textContent()).toMatch(signedPercent)
    expect(await streamPrice.textContent()).toMatch(/Open|Closed · opens/)

    await page.goto(`/livestream?title=${apple}`)
    const price = page.getByRole('dialog').getByTestId('price-with-change')
    await price.waitFor()
    const now = await server.advanceClock(0)
    const state = marketStateAt(exchanges.nyse, now)
    if (!state) throw new Error('the NYSE has hours')
    await expect.poll(() => price.textContent()).toMatch(signedPercent)
    expect(await price.textContent()).toContain(marketStateText(state, now, zone))
    // the change says its direction in words and sign, not by colour alone
    expect(await price.getByTitle(/since the previous close$/).textContent()).toMatch(signedPercent)
    expect(await checkA11y(page)).toEqual([])
    expect(issues.all()).toEqual([])
    await page.context().close()
  })

  it('follows the window from 1440 to 390 px and back, draws candles, and passes axe at both sizes', async () => {
    const { server, browser } = started()
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(page, server, await signUpPlayer(server))
    const issues = collectPageIssues(page)
    const figure = await openChart(page, bitcoin)
    const panel = page.getByRole('dialog')
    const desktopBox = await figure.boundingBox()
    if (!desktopBox) throw new Error('the chart has no box')
    // taller on a desktop than the phone's 256 px
    expect(desktopBox.height).toBeGreaterThan(380)
    expect(await checkA11y(page)).toEqual([])

    await page.setViewportSize(viewports.mobile)
    await expect.poll(async () => (await figure.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390)
    expect(await pageScrollsSideways(page)).toBe(false)
    // the widget (its price axis is its right-most cell) fits the figure, the range buttons the window
    const widget = figure.locator('table').first()
    await expect.poll(async () => (await widget.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390)
    expect(await insideWindow(page, widget)).toBe(true)
    const ranges = panel.getByRole('radiogroup', { name: 'Time range' }).getByRole('radio')
    expect(await ranges.count()).toBe(7)
    for (const range of await ranges.all()) expect(await insideWindow(page, range.locator('..'))).toBe(true)
    expect(await checkA11y(page)).toEqual([])

    await page.setViewportSize(viewports.desktop)
    await expect.poll(async () => (await figure.boundingBox())?.width ?? 0).toBe(desktopBox.width)
    expect(await pageScrollsSideways(page)).toBe(false)

    // the line draws one colour; candles draw bars going up in green and bars going down in red
    expect(Math.min(await countColour(figure, up), await countColour(figure, down))).toBe(0)
    await panel.getByRole('radiogroup', { name: 'Chart style' }).getByText('Candles').click()
    await expect.poll(() => figure.getAttribute('data-chart-style')).toBe('candles')
    await expect.poll(() => countColour(figure, up)).toBeGreaterThan(0)
    await expect.poll(() => countColour(figure, down)).toBeGreaterThan(0)
    expect(await checkA11y(page)).toEqual([])

    // the scale writes prices as the app does: Bitcoin's cents, a currency pair's four decimals
    expect(await figure.getAttribute('data-price-precision')).toBe('2')
    const pair = await openChart(page, euroPound)
    expect(await pair.getAttribute('data-price-precision')).toBe('4')
    expect(issues.all()).toEqual([])
    await page.context().close()
  }, 180_000)

  it('flashes a price on a tick, and not for a player who asked for less motion', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const flashes = (page: Page) =>
      page.evaluate(() =>
        document
          .getAnimations()
          .some((animation) => (animation as CSSAnimation).animationName === 'priceFlash'),
      )
    const shownPrice = (page: Page) => page.getByRole('dialog').getByTestId('price-with-change').first()
    const moving = await browser.newPage(viewports.desktop, {
      baseURL: server.url,
      reducedMotion: 'no-preference',
    })
    await signInBrowser(moving, server, player)
    await moving.goto(`/livestream?title=${bitcoin}`)
    await shownPrice(moving).waitFor()
    await expect.poll(() => flashes(moving), { timeout: 20_000, interval: 50 }).toBe(true)
    await moving.context().close()

    const still = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(still, server, player)
    await still.goto(`/livestream?title=${bitcoin}`)
    const price = shownPrice(still)
    await price.waitFor()
    // the price moves (a tick came), and nothing flashed
    const first = await price.textContent()
    await expect.poll(() => price.textContent(), { timeout: 20_000 }).not.toBe(first)
    expect(await flashes(still)).toBe(false)
    await still.context().close()
  })

  it('says the market is closed and which session Today shows on a weekend', async () => {
    const { server, browser } = started()
    const now = await server.advanceClock(0)
    // the next Saturday, noon UTC: every share market is shut
    const day = Math.floor(now / 86_400_000)
    const saturday = (day + ((5 - ((day + 3) % 7) + 7) % 7 || 7)) * 86_400_000 + 12 * 3_600_000
    const at = await server.advanceClock(saturday - now)
    // the device's clock stays two days behind: the app reads the game's time from the server's answers
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await signInBrowser(page, server, await signUpPlayer(server))
    const issues = collectPageIssues(page)
    await openChart(page, apple)
    const panel = page.getByRole('dialog')
    const state = marketStateAt(exchanges.nyse, at)
    expect(state?.open).toBe(false)
    if (!state) throw new Error('the NYSE has hours')
    await expect
      .poll(() => panel.getByTestId('price-with-change').textContent())
      .toContain(marketStateText(state, at, zone))
    const note = todayRangeNote(exchanges.nyse, at, zone)
    expect(note).toMatch(/^Market closed: the session of /)
    await panel.getByText(note ?? '').waitFor()
    expect(await pageScrollsSideways(page)).toBe(false)
    expect(await checkA11y(page)).toEqual([])

    // in the stream a shut market's Up is disabled and looks it: not the colour of one that trades
    await page.goto('/livestream')
    const feed = page.getByRole('feed', { name: 'Live tweets' })
    const up = (disabled: boolean) => feed.getByRole('button', { name: 'Up', exact: true, disabled }).first()
    const colourOf = (button: Locator) => button.evaluate((element) => getComputedStyle(element).color)
    await up(true).waitFor({ timeout: 30_000 })
    await up(false).waitFor({ timeout: 30_000 })
    expect(await colourOf(up(true))).not.toBe(await colourOf(up(false)))
    expect(issues.all()).toEqual([])
    await page.context().close()
  })
})
