import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playerDataSchema } from '../../src/api/player-data'
import type { PushPayload, PushSubscriptionBody } from '../../src/api/push'
import type { AuthUser } from '../../src/api/users'
import { HttpClient } from '../support/http-client'
import { linkIn } from '../support/mail-links'
import { nextLocalTime } from '../support/polls'
import { newPushBrowser, startPushService } from '../support/push-browser'
import type { RecordingServer } from '../support/recording-server'
import {
  checkA11y,
  collectPageIssues,
  type E2eServer,
  installServerClock,
  screenshot,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Settings in the real browser. Its "as push notification": the app's worker subscribes, the server pushes
 * a player's news through the push service, and the worker shows it as a notification. The push service
 * is the one part out of reach here (headless Chromium's own subscribe fails without it): a stand-in
 * records what the server sends, the page's PushManager hands out that stand-in's subscription, and the
 * message reaches the worker through DevTools' deliverPushMessage, as the push service would deliver it.
 */

let pushService: RecordingServer
beforeAll(async () => {
  pushService = await startPushService()
})
afterAll(() => pushService?.close())

const started = setUpE2eSession(() => ({ env: { PUSH_ENDPOINT_ORIGINS: pushService.url } }))

/** The page's PushManager hands out `subscription` (the stand-in's): the browser's side of the push service. */
async function useStandInPushService(page: Page, subscription: PushSubscriptionBody) {
  await page.addInitScript((json) => {
    let current: PushSubscription | null = null
    PushManager.prototype.getSubscription = async () => current
    PushManager.prototype.subscribe = async (options) => {
      current = {
        endpoint: json.endpoint,
        options: { applicationServerKey: options?.applicationServerKey, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => {
          current = null
          return true
        },
      } as unknown as PushSubscription
      return current
    }
  }, subscription)
}

/** What the app's worker shows now. */
const notificationsOf = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
      title: note.title,
      body: note.body,
    })),
  )

describe('push notifications', () => {
  it("shows a player's news from the server as a notification of the app's worker", async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const standIn = newPushBrowser(pushService)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await page.context().grantPermissions(['notifications'], { origin: server.url })
    await useStandInPushService(page, standIn.subscription)
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/v1/push/subscription'),
    )
    await page.goto('/settings')
    // allowed before: the app subscribes on its own (important messages come as a push by default)
    expect((await saved).status()).toBe(204)
    await page.getByText('This browser shows your notifications.').waitFor()
    expect(await checkA11y(page)).toEqual([])

    // a friend joins with the player's invitation: the server pushes the news to the stand-in
    const info = await player.client.get<AuthUser>('/v1/auth/info')
    const friend = `friend_${process.pid % 10_000}`
    const joined = await new HttpClient(server.url).post('/v1/auth/signup', {
      invitationCode: info.body.invitationCodes[0]?.code,
      email: `${friend}@example.test`,
      username: friend,
      password: 'correct horse battery staple',
      acceptTerms: true,
    })
    expect(joined.status).toBe(201)
    await expect.poll(() => standIn.received().length).toBe(1)
    const [pushed] = standIn.received()
    if (!pushed) throw new Error('nothing pushed')
    const payload: PushPayload = standIn.read(pushed)
    expect(payload.title).toBe(`${friend} joined Alpha with your invitation`)

    // the push service delivers it to the browser: the worker shows it
    const devtools = await page.context().newCDPSession(page)
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = []
    devtools.on('ServiceWorker.workerRegistrationUpdated', (event) =>
      registrations.push(...event.registrations),
    )
    await devtools.send('ServiceWorker.enable')
    await expect.poll(() => registrations.some((registration) => !registration.isDeleted)).toBe(true)
    const registration = registrations.find((candidate) => !candidate.isDeleted)
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registration?.registrationId ?? '',
      data: JSON.stringify(payload),
    })
    await expect
      .poll(() => notificationsOf(page))
      .toEqual([{ title: payload.title, body: `${friend} signed up with your invitation.` }])
    expect(issues.all()).toEqual([])
  })

  it('subscribes as soon as the player allows notifications in the site settings after blocking them', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    // Playwright can grant a permission, not deny one: DevTools sets it for the page's own context
    const devtools = await page.context().newCDPSession(page)
    const { targetInfo } = await devtools.send('Target.getTargetInfo')
    await devtools.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.url,
      browserContextId: targetInfo.browserContextId,
    })
    await useStandInPushService(page, newPushBrowser(pushService).subscription)
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    await page.goto('/settings')
    await page.getByText('Notifications are blocked for Alpha in this browser', { exact: false }).waitFor()
    // the site settings change; the page is not reloaded
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/v1/push/subscription'),
    )
    await page.context().grantPermissions(['notifications'], { origin: server.url })
    expect((await saved).status()).toBe(204)
    await page.getByText('This browser shows your notifications.').waitFor()
    expect(issues.all()).toEqual([])
  })

  it("offers notifications on the dashboard until the player says 'Not now', which this browser keeps", async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    await page.goto('/')
    const offer = page.getByRole('region', { name: 'Hear about your game' })
    await offer.getByRole('button', { name: 'Allow notifications' }).waitFor()
    expect(await checkA11y(page)).toEqual([])
    await offer.getByRole('button', { name: 'Not now' }).click()
    await offer.waitFor({ state: 'detached' })
    await page.reload()
    await page.getByRole('region', { name: 'Your group' }).waitFor()
    expect(await offer.count()).toBe(0)
    // Settings still offers it
    await page.goto('/settings')
    await page.getByRole('button', { name: 'Allow notifications' }).waitFor()
    expect(issues.all()).toEqual([])
  })

  it('shows that turning on failed, with a retry, where the browser cannot subscribe', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await page.context().grantPermissions(['notifications'], { origin: server.url })
    await signInBrowser(page, server, player)
    await page.goto('/settings')
    // headless Chromium has no push service to register with
    await page.getByText('Notifications could not be turned on in this browser.').waitFor()
    const retry = page.getByRole('button', { name: 'Try again' })
    await retry.click()
    await page.getByText('Notifications could not be turned on in this browser.').waitFor()
    await retry.waitFor()

    // with push turned off there is nothing to say
    await page.getByText('Important messages as push notification').click()
    await page
      .getByText('Notifications could not be turned on in this browser.')
      .waitFor({ state: 'detached' })
  })
})

describe('the watch list', () => {
  it('keeps each title’s remove button on its chip’s right on a phone, however the price wraps', async () => {
    const { server, browser } = started()
    // a Saturday: the stock markets are closed, so their chips say when they open next, the longest text
    const now = await server.advanceClock(0)
    await server.advanceClock(nextLocalTime(now, '12:00', [6]) - now)
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, player)
    await page.goto('/settings')
    const chips = page.getByRole('list', { name: 'Watched titles' }).getByRole('listitem')
    await chips.first().waitFor()
    // the prices are there: a chip is as wide as it gets
    await expect.poll(() => chips.first().textContent()).toMatch(/\d/)
    const count = await chips.count()
    expect(count).toBeGreaterThan(0)
    for (let index = 0; index < count; index += 1) {
      const chip = chips.nth(index)
      const [box, button] = await Promise.all([chip.boundingBox(), chip.getByRole('button').boundingBox()])
      if (!box || !button) throw new Error(`chip ${index} is not drawn`)
      const name = await chip.textContent()
      expect(box.x + box.width - (button.x + button.width), name ?? '').toBeLessThan(8)
      expect(button.y, name ?? '').toBeGreaterThanOrEqual(box.y)
      expect(button.y + button.height, name ?? '').toBeLessThanOrEqual(box.y + box.height)
    }
    await screenshot(page, 'settings-watch-list')
  })
})

describe('your data', () => {
  it("saves a copy of the player's data as a JSON file from Settings", async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await signInBrowser(page, server, player)
    await page.goto('/settings')
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download your data' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^alpha-${player.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    )
    const data = playerDataSchema.parse(JSON.parse(readFileSync(await download.path(), 'utf8')))
    expect(data.account).toMatchObject({ id: player.id, username: player.username, email: player.email })
    // the page stays where it was, and names the file it saved
    expect(new URL(page.url()).pathname).toBe('/settings')
    await page
      .getByRole('status')
      .filter({ hasText: `Saved as ${download.suggestedFilename()}.` })
      .waitFor()
    expect(await checkA11y(page), 'axe after the download').toEqual([])
    await page.context().close()
  })
})

describe('the password', () => {
  it('changes with the current one: this page stays signed in, the player’s other browser is signed out', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    const elsewhere = await browser.newPage(viewports.desktop, { baseURL: server.url })
    const issues = collectPageIssues(page)
    // the other browser signs in with the password, as the player would on a second device
    const other = new HttpClient(server.url)
    expect(
      (await other.post('/v1/auth/signin', { login: player.email, password: player.password })).status,
    ).toBe(200)
    await elsewhere
      .context()
      .addCookies([...other.cookies].map(([name, value]) => ({ name, value, url: server.url })))
    await signInBrowser(page, server, player)
    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'Password' })
    await section.getByLabel(/^Current password/).fill(player.password)
    await section.getByLabel(/^New password/).fill('a new password for alpha')
    await section.getByLabel(/^Confirm new password/).fill('a new password for alpha')
    expect(await checkA11y(page), 'axe on the password form').toEqual([])
    await section.getByRole('button', { name: 'Change password' }).click()
    await section.getByRole('status').getByText('Your password has been changed.', { exact: false }).waitFor()

    // this page goes on; the other browser's next look is as a guest
    await page.goto('/polls')
    await page.getByRole('heading', { name: 'Polls', level: 1 }).waitFor()
    await elsewhere.goto('/polls')
    await elsewhere.waitForURL(/\/account\/signin/)
    const signIn = new HttpClient(server.url)
    expect(
      (await signIn.post('/v1/auth/signin', { login: player.email, password: player.password })).status,
    ).toBe(401)
    expect(issues.all()).toEqual([])
    await page.close()
    await elsewhere.close()
  })
})

/** The link to `path` in the newest mail to `to` (the server writes its outbox after answering). */
async function linkMailedTo(server: E2eServer, to: string, path: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = server.outbox().findLast((m) => m.to === to && m.text?.includes(path))
    if (mail?.text) {
      const url = linkIn(mail.text, path)
      return `${url.pathname}${url.search}`
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail to ${to} with a link to ${path}`)
}

describe('the e-mail address', () => {
  it('moves to a new address once the link mailed there is opened, and the old one can take it back', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    const issues = collectPageIssues(page)
    await signInBrowser(page, server, player)
    await page.goto('/settings')
    const section = page.getByRole('region', { name: 'E-mail address' })
    await section.getByText(`Alpha writes to ${player.email}.`, { exact: false }).waitFor()
    const moved = `moved.${player.email}`
    await section.getByLabel(/^New e-mail address/).fill(moved)
    await section.getByLabel(/^Password/).fill(player.password)
    expect(await checkA11y(page), 'axe on the e-mail form').toEqual([])
    await section.getByRole('button', { name: 'Send the link' }).click()
    await section.getByRole('status').getByText(`We sent a link to ${moved}.`, { exact: false }).waitFor()

    // the player opens the mail at the new address in this browser
    await page.goto(await linkMailedTo(server, moved, '/account/change-email'))
    await page.getByText(`Use ${moved} for your Alpha account instead of ${player.email}?`).waitFor()
    expect(await checkA11y(page), 'axe on the change link page').toEqual([])
    await page.getByRole('button', { name: 'Use this address' }).click()
    await page.getByText('Done! Your account uses this e-mail address now.').waitFor()
    // on to Settings within the app, without a reload: the session asked the server again
    await page.getByRole('link', { name: 'Go to the game' }).click()
    await page.getByRole('button', { name: /^Account menu of / }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await section.getByText(`Alpha writes to ${moved}.`, { exact: false }).waitFor()

    // the old address was told, and its link moves the account back and signs this browser out
    const takeBack = await linkMailedTo(server, player.email, '/account/change-email')
    await page.goto(takeBack)
    await page.getByRole('button', { name: 'Take my address back' }).click()
    await page.getByText('Your account uses this address again', { exact: false }).waitFor()
    await page.goto('/settings')
    await page.waitForURL(/\/account\/signin/)
    expect(issues.all()).toEqual([])
    await page.close()
  })
})
