import type { Page } from 'playwright-core'
import type { E2eServer } from './server'

/**
 * The app judges some things by the browser's clock (a poll's phase, relative times), as players' clocks
 * agree with the server's. Under the test clock the server runs ahead, so the browser must follow:
 * `installServerClock` before the page's first navigation puts the page on the server's time (timers
 * run at normal speed from there), `advanceClocks` moves the server and then every given page.
 */
export async function installServerClock(page: Page, server: E2eServer): Promise<void> {
  await page.clock.install({ time: await server.advanceClock(0) })
}

/** Moves the server's clock forward and sets each page's clock to it; resolves to the new time. */
export async function advanceClocks(
  server: E2eServer,
  pages: readonly Page[],
  advanceMs: number,
): Promise<number> {
  const now = await server.advanceClock(advanceMs)
  // setSystemTime jumps without firing the timers in between (no six hours of 10 s refreshes)
  for (const page of pages) await page.clock.setSystemTime(now)
  return now
}
