import type { Frame, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loginLayoutRoutes, mainLayoutRoutes } from '../../src/views/routes'
import { checkA11y, setUpE2eSession, signInBrowser, signUpPlayer, viewports } from './support'

/**
 * Issue 6 item 5: every route of src/views/routes.ts at 1440 px has no serious or critical axe
 * violation — the login layout as a guest (/welcome as a first-time player), the main layout signed
 * in — and no page breaks the server's Content Security Policy (helmet's: no inline script or style
 * the policy does not allow, no foreign origin).
 */

type Visitor = 'guest' | 'firstTime' | 'player'

interface Visit {
  /** the address visited (a route pattern filled in) */
  path: string
  /** the route of routes.ts it stands for */
  route: string
  visitor: Visitor
  /** something on the screen to wait for before checking */
  ready: (page: Page) => Promise<unknown>
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor()

/** A concrete address for every route pattern, and the screens a route has more than one of. */
const extraPaths: Record<string, string[]> = {
  '/rankings/:tab?': ['/rankings', '/rankings/all_time'],
  '/livestream/:tab?': ['/livestream', '/livestream/predictions'],
  '/polls/:tab?': ['/polls', '/polls/finished'],
  '/authors/:username': ['/authors/chartwhisperer'],
  '/account/signin': ['/account/signin', '/account/signin?errorMessage=Your%20link%20has%20expired'],
}

const visits: Visit[] = [
  ...loginLayoutRoutes.flatMap((route) =>
    (extraPaths[route.path] ?? [route.path]).map(
      (path): Visit => ({
        path,
        route: route.path,
        visitor: route.path === '/welcome' ? 'firstTime' : 'guest',
        ready: path.includes('errorMessage')
          ? (page) => page.getByRole('alertdialog', { name: 'Error' }).waitFor()
          : h1,
      }),
    ),
  ),
  ...mainLayoutRoutes.flatMap((route) =>
    (extraPaths[route.path] ?? [route.path]).map(
      (path): Visit => ({ path, route: route.path, visitor: 'player', ready: h1 }),
    ),
  ),
  { path: '/no-such-page', route: '*', visitor: 'player', ready: h1 },
]

const started = setUpE2eSession()
const pages = new Map<Visitor, Page>()
/** CSP violations per page, from the console and from the securitypolicyviolation event */
const cspViolations = new Map<Page, string[]>()

async function pageFor(visitor: Visitor): Promise<Page> {
  const known = pages.get(visitor)
  if (known) return known
  const { server, browser } = started()
  const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
  if (visitor !== 'guest')
    await signInBrowser(page, server, await signUpPlayer(server, { firstTime: visitor === 'firstTime' }))
  const violations: string[] = []
  cspViolations.set(page, violations)
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text()))
      violations.push(`console: ${message.text()}`)
  })
  // the browser also reports each violation as an event (a listener from the DevTools protocol, not an
  // inline script: the policy would block that one)
  await page.exposeFunction('__e2eCspViolation', (line: string) => violations.push(`event: ${line}`))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eCspViolation: (line: string) => void }).__e2eCspViolation
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  pages.set(visitor, page)
  return page
}

describe('accessibility of every route at 1440 px', () => {
  it('covers every route of routes.ts', () => {
    const covered = new Set(visits.map((visit) => visit.route))
    for (const route of [...loginLayoutRoutes, ...mainLayoutRoutes]) expect(covered).toContain(route.path)
  })

  for (const visit of visits) {
    it(`${visit.path} (${visit.visitor}) has no serious or critical violation and keeps to the CSP`, async () => {
      const page = await pageFor(visit.visitor)
      const violations = cspViolations.get(page) ?? []
      violations.length = 0
      const visited: string[] = []
      const onNavigation = (frame: Frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
      }
      page.on('framenavigated', onNavigation)
      const response = await page.goto(visit.path)
      expect(response?.status()).toBe(200)
      // the server's policy is there to be kept
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/)
      await visit.ready(page)
      // a guest stays on a public login-layout route; a signed-in player is not sent to sign in
      page.off('framenavigated', onNavigation)
      // nor shown the sign-in page on the way while the app looks the session up (spec §2 rule 6)
      if (visit.visitor === 'player') expect(visited).not.toContain('/account/signin')
      expect(await checkA11y(page)).toEqual([])
      expect(violations).toEqual([])
    })
  }
})

describe('less motion', () => {
  it('moves nothing for a player who asked the system for reduced motion: a dialog opens and closes at once', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const durationsOf = async (motion: 'reduce' | 'no-preference') => {
      const page = await browser.newPage(viewports.desktop, { baseURL: server.url, reducedMotion: motion })
      await signInBrowser(page, server, player)
      await page.goto('/groups')
      await page.getByRole('button', { name: 'Create group' }).click()
      const dialog = page.getByRole('dialog', { name: 'Create a group' })
      await dialog.waitFor()
      const duration = await dialog.evaluate((node) => getComputedStyle(node).animationDuration)
      await page.keyboard.press('Escape')
      // with no animation to wait for, the closed dialog is gone in the next frames
      await dialog.waitFor({ state: 'hidden', timeout: motion === 'reduce' ? 1000 : 10_000 })
      await page.context().close()
      return duration
    }
    expect(await durationsOf('reduce')).toBe('0s')
    // the same dialog slides in for everybody else
    expect(await durationsOf('no-preference')).not.toBe('0s')
  })
})
