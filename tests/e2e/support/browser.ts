import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import { screenshotDir } from './paths'

/** Debian's package; CI installs it (`.ci/run`). `CHROMIUM_PATH` points elsewhere. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

/** The two widths the screens are designed for. */
export const viewports = {
  mobile: { width: 390, height: 844 },
  /** portrait and landscape tablets: the phone's bottom bar, and the header's navigation at its narrowest */
  tabletPortrait: { width: 768, height: 1024 },
  tabletLandscape: { width: 1024, height: 768 },
  desktop: { width: 1440, height: 900 },
} as const

export type Viewport = { width: number; height: number } | number

export interface PageOptions extends BrowserContextOptions {
  /** the server's url: `page.goto('/path')` then resolves against it */
  baseURL?: string
}

export interface E2eBrowser {
  browser: Browser
  /**
   * A page in a new browser context of its own (own cookies and storage, i.e. a new visitor).
   * A number is a width (height 900). Locale en-US, time zone Europe/Berlin (the game calendar's),
   * reduced motion; `options` overrides any of them.
   */
  newPage(viewport?: Viewport, options?: PageOptions): Promise<Page>
  /** closes every context and the browser; safe to call twice */
  close(): Promise<void>
}

/** Headless Chromium from the system (`npx playwright install` cannot download browsers here). */
export async function launchBrowser(): Promise<E2eBrowser> {
  if (!existsSync(chromiumPath))
    throw new Error(`no Chromium at ${chromiumPath}: apt-get install -y chromium (or set CHROMIUM_PATH)`)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 30_000 })
  let closed: Promise<void> | undefined
  return {
    browser,
    async newPage(viewport = viewports.desktop, options = {}) {
      const size = typeof viewport === 'number' ? { width: viewport, height: 900 } : viewport
      const context = await browser.newContext({
        viewport: size,
        locale: 'en-US',
        timezoneId: 'Europe/Berlin',
        reducedMotion: 'reduce',
        ...options,
      })
      context.setDefaultTimeout(10_000)
      context.setDefaultNavigationTimeout(20_000)
      return context.newPage()
    },
    close() {
      closed ??= browser.close().catch(() => {})
      return closed
    },
  }
}

/**
 * A full-page PNG at tests/e2e/screenshots/<name>-<width>.png (git-ignored), for looking at the
 * screens after a run. Resolves to the file's path.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true })
  const width = page.viewportSize()?.width ?? 0
  const safeName = name.replace(/[^a-zA-Z0-9._-]+/g, '-')
  const path = join(screenshotDir, `${safeName}-${width}.png`)
  await page.screenshot({ path, fullPage: true, animations: 'disabled' })
  return path
}
