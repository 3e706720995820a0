import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import {
  checkA11y,
  collectPageIssues,
  screenshot,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

// The smoke test of the harness: the server serves the built SPA and the app starts in a real browser.
// Screens and routes are being rewritten, so this only asserts what any version of the shell keeps.
const started = setUpE2eSession()

describe('the app shell', () => {
  it('serves the SPA, which renders into #root for a guest', async () => {
    const { server, browser } = started()
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    const issues = collectPageIssues(page)
    const scriptEncodings: (string | undefined)[] = []
    page.on('response', (answer) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(answer.url()).pathname))
        scriptEncodings.push(answer.headers()['content-encoding'])
    })
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toContain('text/html')
    await page.locator('#root > *').first().waitFor()
    // the build's brotli copies reach the browser (scripts under 1 KB go plain)
    expect(scriptEncodings.length).toBeGreaterThan(0)
    expect(scriptEncodings).toContain('br')
    expect(scriptEncodings.every((encoding) => encoding === 'br' || encoding === undefined)).toBe(true)
    await page.getByRole('heading').first().waitFor()
    // index.html says 'Alpha'; a screen may prefix its own name ("Polls · Alpha")
    expect(await page.title()).toMatch(/\bAlpha$/)
    expect(issues.all()).toEqual([])
    await page.context().close()
  })

  it('answers the API beside it with JSON', async () => {
    const { server } = started()
    const health = await fetch(`${server.url}/v1/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok' })
  })

  it('moves the server clock on request', async () => {
    const { server } = started()
    const before = await server.advanceClock(0)
    const after = await server.advanceClock(3_600_000)
    expect(after - before).toBeGreaterThanOrEqual(3_600_000)
  })

  for (const viewport of [viewports.tabletPortrait, viewports.tabletLandscape]) {
    it(`fits a tablet of ${viewport.width} px: no sideways scrolling, the account menu inside the page`, async () => {
      const { server, browser } = started()
      const page = await browser.newPage(viewport, { baseURL: server.url })
      await signInBrowser(page, server, await signUpPlayer(server))
      await page.goto('/')
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(await overflow()).toBeLessThanOrEqual(0)
      await page.getByRole('button', { name: /^Account menu of / }).click()
      await page.getByRole('menuitem', { name: 'Log out' }).waitFor()
      expect(await overflow()).toBeLessThanOrEqual(0)
      await page.context().close()
    })
  }

  it('shows the live stream’s keyboard shortcuts with a pointer, not on a touch screen', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const shortcuts = async (page: Page) => {
      await signInBrowser(page, server, player)
      await page.goto('/livestream')
      const hint = page.locator('#feed-shortcuts')
      await hint.waitFor({ state: 'attached' })
      return hint.isVisible()
    }
    const desk = await browser.newPage(viewports.desktop, { baseURL: server.url })
    expect(await shortcuts(desk)).toBe(true)
    await desk.context().close()
    const phone = await browser.newPage(viewports.mobile, {
      baseURL: server.url,
      hasTouch: true,
      isMobile: true,
    })
    expect(await shortcuts(phone)).toBe(false)
    await phone.context().close()
  })

  for (const viewport of [viewports.mobile, viewports.desktop]) {
    it(`shows a player the not-found page for an unknown path at ${viewport.width} px, accessibly`, async () => {
      const { server, browser } = started()
      const page = await browser.newPage(viewport, { baseURL: server.url })
      // a guest is sent to sign in from any path that is not public: the page needs a player
      await signInBrowser(page, server, await signUpPlayer(server))
      const issues = collectPageIssues(page)
      await page.goto('/no-such-page-e2e')
      await page.getByText('Page not found').first().waitFor()
      // the picture first: it is wanted most when an assertion below fails
      const file = await screenshot(page, 'not-found')
      expect(file).toMatch(new RegExp(`not-found-${viewport.width}\\.png$`))
      expect(await page.title()).toMatch(/\bAlpha$/)
      expect(await checkA11y(page)).toEqual([])
      expect(issues.all()).toEqual([])
      await page.context().close()
    })

    it(`shows all four tabs of the ticker panel inside it at ${viewport.width} px`, async () => {
      const { server, browser } = started()
      const page = await browser.newPage(viewport, { baseURL: server.url })
      await signInBrowser(page, server, await signUpPlayer(server))
      const apple = 2494
      await page.goto(`/livestream?title=${apple}`)
      const panel = page.getByRole('dialog')
      const tabs = panel.getByRole('tablist', { name: 'Ticker details' }).getByRole('tab')
      await tabs.first().waitFor()
      expect(await tabs.allTextContents()).toEqual(['About', 'Fundamentals', 'TweetGame', 'Charts'])
      // every tab in view: the list does not scroll (its scrollbar is hidden, so the last one once
      // just disappeared)
      const list = panel.getByRole('tablist', { name: 'Ticker details' })
      const [scrollWidth, clientWidth] = await list.evaluate((element) => [
        element.scrollWidth,
        element.clientWidth,
      ])
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
      // the chart (a canvas widget with a link inside) passes axe
      await panel.getByRole('tab', { name: 'Charts' }).click()
      await panel.getByRole('figure').waitFor()
      expect(await checkA11y(page)).toEqual([])
      await page.context().close()
    })

    it(`shows the four ranking periods inside the page at ${viewport.width} px`, async () => {
      const { server, browser } = started()
      const page = await browser.newPage(viewport, { baseURL: server.url })
      await signInBrowser(page, server, await signUpPlayer(server))
      await page.goto('/rankings/this_week')
      const tabs = page.getByRole('tablist', { name: 'Ranking periods' }).getByRole('tab')
      await tabs.first().waitFor()
      expect(await tabs.count()).toBe(4)
      const [scrollWidth, clientWidth] = await page
        .getByRole('tablist', { name: 'Ranking periods' })
        .evaluate((element) => [element.scrollWidth, element.clientWidth])
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
      await page.context().close()
    })
  }
})

describe("the operator's announcement", () => {
  it('shows above every page, the sign-in page too, until the player dismisses it, on a phone, accessibly', async () => {
    const { server, browser } = started()
    const text = 'The game pauses for maintenance at 22:00 CET: bets stay as they are.'
    // without an end: the command keeps wall time, and a test above moved this server's clock on
    expect(await server.admin('announce', text)).toMatch(/^announcement \d+ shown until the next one/)
    // the server reads it a few seconds later at most (pages ask once a minute, this one at its start)
    await vi.waitFor(
      async () => {
        const answer = await fetch(`${server.url}/v1/announcement`)
        expect(await answer.json()).toMatchObject({ announcement: { text } })
      },
      { timeout: 8000, interval: 250 },
    )
    try {
      // a guest about to sign in sees it first
      const guest = await browser.newPage(viewports.mobile, { baseURL: server.url })
      await guest.goto('/account/signin')
      await guest.getByRole('region', { name: 'Announcement' }).getByText(text).waitFor()
      expect(await checkA11y(guest), 'axe with the banner on the sign-in page').toEqual([])
      await guest.context().close()

      const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
      await signInBrowser(page, server, await signUpPlayer(server))
      const issues = collectPageIssues(page)
      await page.goto('/polls')
      const banner = page.getByRole('region', { name: 'Announcement' })
      await banner.getByText(text).waitFor()
      expect(await checkA11y(page), 'axe with the banner').toEqual([])
      // it stays on the next page, inside the phone's width
      await page.getByRole('link', { name: 'Rankings' }).first().click()
      await banner.getByText(text).waitFor()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await banner.getByRole('button', { name: 'Dismiss the announcement' }).click()
      await banner.waitFor({ state: 'detached' })
      // this browser keeps it dismissed
      const asked = page.waitForResponse((answer) => answer.url().endsWith('/v1/announcement'))
      await page.reload()
      await page.getByRole('heading', { name: 'Rankings', level: 1 }).waitFor()
      await asked
      expect(await banner.count()).toBe(0)
      expect(issues.all()).toEqual([])
      await page.context().close()
    } finally {
      await server.admin('announce', '--clear')
    }
  })
})
