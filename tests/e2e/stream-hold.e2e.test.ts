import { describe, expect, it } from 'vitest'
import { collectPageIssues, setUpE2eSession, signInBrowser, signUpPlayer, viewports } from './support'

/**
 * Issue 17 point 1: the stream never moves what the player is about to click. With a message every
 * few hundred milliseconds, the pointer rests on the Up button of the third message: new messages
 * wait behind a visible 'Show N new messages' button, and the same message stays under the pointer.
 */
const started = setUpE2eSession({ env: { ALPHA_MESSAGE_INTERVAL_MS: '300' } })

const messageUnder = ({ x, y }: { x: number; y: number }) =>
  document.elementFromPoint(x, y)?.closest('article[data-message-id]')?.getAttribute('data-message-id')

describe('the live stream under the pointer', () => {
  it('holds new messages back while the pointer rests on a message, and lets them in on request', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    await page.goto('/livestream')
    const feed = page.getByRole('feed', { name: 'Live tweets' })
    const third = feed.getByRole('article').nth(2)
    await third.waitFor({ timeout: 30_000 })
    // the pointer comes onto the list: what arrives from then on waits behind the button
    const feedBox = await feed.boundingBox()
    if (!feedBox) throw new Error('the feed has no box')
    await page.mouse.move(feedBox.x + feedBox.width / 2, feedBox.y + 20)
    const show = page.getByRole('button', { name: /^Show \d[\d,]* new messages?$/ })
    await show.waitFor({ timeout: 15_000 })
    const shownCount = async () => Number(/\d+/.exec((await show.textContent()) ?? '')?.[0])
    const waiting = await shownCount()

    // it rests on the third message's Up button while more arrive
    const id = await third.getAttribute('data-message-id')
    const up = third.getByRole('button', { name: 'Up', exact: true })
    const box = await up.boundingBox()
    if (!box) throw new Error('the Up button has no box')
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    await page.mouse.move(point.x, point.y)
    await expect.poll(shownCount, { timeout: 15_000 }).toBeGreaterThan(waiting)
    expect(await page.evaluate(messageUnder, point)).toBe(id)
    expect(await up.boundingBox()).toEqual(box)

    const newestBefore = await feed.getByRole('article').first().getAttribute('data-message-id')
    await show.click()
    // shown at the player's request: the newest message is another one
    await expect
      .poll(() => feed.getByRole('article').first().getAttribute('data-message-id'), { timeout: 15_000 })
      .not.toBe(newestBefore)
    expect(issues.all()).toEqual([])
  })

  it('holds new messages back on a phone while the reader is scrolled down the list', async () => {
    const { server, browser } = started()
    const player = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await signInBrowser(page, server, player)
    const issues = collectPageIssues(page)
    await page.goto('/livestream')
    const feed = page.getByRole('feed', { name: 'Live tweets' })
    const tenth = feed.getByRole('article').nth(9)
    // twenty messages: the page is tall enough to scroll the tenth to its top whatever their lengths
    await feed.getByRole('article').nth(19).waitFor({ timeout: 30_000 })
    // the reader scrolls the tenth message to the top, away from the pointer (a finger lifted); short
    // messages can all fit on the phone's screen, so 'into view if needed' may not scroll at all
    await page.mouse.move(1, 1)
    const id = await tenth.getAttribute('data-message-id')
    const message = feed.locator(`article[data-message-id="${id}"]`)
    await message.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    // what arrives waits behind the button, which stays in view below the header
    const show = page.getByRole('button', { name: /^Show \d[\d,]* new messages?$/ })
    await show.waitFor({ timeout: 15_000 })
    // held from here on: the message the reader scrolled to stays where it is
    const before = await message.boundingBox()
    if (!before) throw new Error('the message has no box')
    const shownAt = await show.boundingBox()
    expect(shownAt?.y).toBeGreaterThan(0)
    expect(shownAt?.y).toBeLessThan(viewports.mobile.height)
    const shownCount = async () => Number(/\d+/.exec((await show.textContent()) ?? '')?.[0])
    const waiting = await shownCount()
    await expect.poll(shownCount, { timeout: 15_000 }).toBeGreaterThan(waiting)
    expect(await message.boundingBox()).toEqual(before)

    const firstBefore = await feed.getByRole('article').first().getAttribute('data-message-id')
    await show.click()
    // let in at the reader's request: the newest message is now another one
    await expect
      .poll(() => feed.getByRole('article').first().getAttribute('data-message-id'), { timeout: 15_000 })
      .not.toBe(firstBefore)
    expect(issues.all()).toEqual([])
  })
})
