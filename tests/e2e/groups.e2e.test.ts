import type { Page, Request, Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { GroupLists } from '../../src/api/groups'
import { everybodyGroupName } from '../../src/domain/group-rules'
import {
  collectPageIssues,
  type E2ePlayer,
  installServerClock,
  screenshot,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * Spec §2 group overview and §4 "Active group change": a player creates a private group, adds a second
 * player as a member, switches to the group, and the stores of the group's data (polls, live stream,
 * tagged messages, activity stream, live ranking) are reset and loaded again for it: the rankings then
 * show the new group's players only.
 */

const started = setUpE2eSession()

/** A 1×1 PNG: the server checks an avatar's bytes, not its name. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

interface UntaggedMessage {
  message_id: string
  titles: { title_id: number }[]
}

/**
 * The player predicts the first message of their stream through the API that fair play lets them: the
 * server refuses (409) a title whose market is closed at the e2e server's wall clock.
 */
async function tagFirstMessage(player: E2ePlayer): Promise<void> {
  const messages = await player.client.get<UntaggedMessage[]>('/v1/stockgame/untagged-messages')
  expect(messages.status).toBe(200)
  const codes: unknown[] = []
  for (const message of messages.body) {
    const titleId = message.titles[0]?.title_id
    if (titleId === undefined) continue
    const tag = await player.client.post<{ error?: { code: string } }>(
      `/v1/stockgame/tagged-messages/${message.message_id}/tag`,
      { userId: player.id, titleId, messageId: message.message_id, trend: 'Up' },
    )
    if (tag.status === 200) return
    expect(tag.status).toBe(409)
    codes.push(tag.body.error?.code)
  }
  throw new Error(`the stream has no message to tag (${codes.join(', ')})`)
}

/** The game API GETs the page makes from now on (path only). */
function recordGameReads(page: Page): { paths: string[]; stop(): void } {
  const paths: string[] = []
  const onRequest = (request: Request) => {
    const url = new URL(request.url())
    if (request.method() === 'GET' && url.pathname.startsWith('/v1/')) paths.push(url.pathname)
  }
  page.on('request', onRequest)
  return { paths, stop: () => page.off('request', onRequest) }
}

describe('groups', () => {
  it('creates a private group, adds a member, and switching to it resets the group’s stores', async () => {
    const { server, browser } = started()
    // the longest name there can be (24 characters): rankings on a phone must still show every column
    const longName = `Alexandra_Longname_${String(process.pid % 100_000).padStart(5, '0')}`
    const [admin, mate] = await Promise.all([
      signUpPlayer(server),
      signUpPlayer(server, { username: longName }),
    ])
    // the mate has an evaluated prediction: ranked in group 1000, not in a group they have not joined
    await tagFirstMessage(mate)
    await server.advanceClock(3 * 3_600_000 + 5 * 60_000)
    const thisWeek = await admin.client.get<{ username: string }[]>('/v1/stockgame/rankings?period=this_week')
    expect(thisWeek.status).toBe(200)
    // on a Sunday evening the 3 h may cross into a new week: the real-time check needs the same week
    const mateRankedThisWeek = thisWeek.body.some((row) => row.username === mate.username)

    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, admin)
    const issues = collectPageIssues(page)
    const main = page.getByRole('main')

    // group 1000: the mate is in the ranking
    await page.goto('/rankings/all_time')
    await main
      .getByRole('table', { name: 'All-time ranking' })
      .getByRole('row', { name: mate.username })
      .waitFor()
    await page.setViewportSize(viewports.mobile)
    const [scrollWidth, clientWidth] = await main
      .getByRole('table', { name: 'All-time ranking' })
      .evaluate((table) => [table.parentElement?.scrollWidth ?? 0, table.parentElement?.clientWidth ?? 0])
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    await page.setViewportSize(viewports.desktop)
    if (mateRankedThisWeek) {
      await page.getByRole('tab', { name: 'Real-time' }).click()
      await main
        .getByRole('table', { name: 'Real-time ranking' })
        .getByRole('row', { name: mate.username })
        .waitFor()
    }

    // create a private group
    const groupName = `E2E private ${process.pid % 10_000}`
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click()
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Create group' }).click()
    const createDialog = page.getByRole('dialog', { name: 'Create a group' })
    await createDialog.getByLabel('Group name').fill(groupName)
    expect(await createDialog.getByLabel('Public group (anyone can join)').isChecked()).toBe(false)
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/v1/stockgame/groups'),
    )
    await createDialog.getByRole('button', { name: 'Create group' }).click()
    expect((await created).status()).toBe(201)
    await createDialog.waitFor({ state: 'hidden' })
    const myGroups = page.getByRole('region', { name: 'Your groups' })
    const groupRow = myGroups.getByRole('listitem').filter({ hasText: groupName })
    await groupRow.getByText('Private', { exact: true }).waitFor()

    // add the mate in the members and admins dialog
    await groupRow.getByRole('button', { name: `Members of ${groupName}` }).click()
    const membersDialog = page.getByRole('dialog', { name: `Members and admins of ${groupName}` })
    await membersDialog.getByLabel('Find players by name').fill(mate.username)
    await membersDialog.getByRole('button', { name: 'Search', exact: true }).click()
    await membersDialog.getByRole('button', { name: `Add ${mate.username}` }).click()
    await membersDialog
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ hasText: mate.username })
      .waitFor()
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/groups\/\d+\/members\/set$/.test(response.url()),
    )
    await membersDialog.getByRole('button', { name: 'Save members' }).click()
    expect((await saved).status()).toBe(200)
    await membersDialog.waitFor({ state: 'hidden' })
    // the mate is invited to it
    const matesGroups = await mate.client.get<GroupLists>('/v1/stockgame/groups')
    expect(matesGroups.status).toBe(200)
    expect(JSON.stringify(matesGroups.body)).toContain(groupName)

    // switch: the choice is sent, then the group's stores load again
    const reads = recordGameReads(page)
    const switched = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith('/v1/session'),
    )
    await groupRow.getByRole('button', { name: `Switch to ${groupName}` }).click()
    expect((await switched).status()).toBe(200)
    await page.getByRole('region', { name: 'Notifications' }).getByText('Group selected').waitFor()
    const activeCard = page.getByRole('region', { name: 'Active group' })
    await activeCard.getByText(groupName).waitFor()
    await activeCard
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ hasText: mate.username })
      .waitFor()
    await expect
      .poll(() => [...new Set(reads.paths)].sort(), { timeout: 15_000 })
      .toEqual(
        // the state (polls, activity, the new group's ranking), forgotten at the switch, is read anew
        expect.arrayContaining(['/v1/stockgame/state', '/v1/stockgame/untagged-messages']),
      )
    reads.stop()
    await screenshot(page, 'groups-switched')

    // the rankings are the new group's, without a reload: the mate has not joined it
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings' }).click()
    await main.getByText(`Group: ${groupName}`).waitFor()
    // nobody of the new group has anything evaluated: both rankings are empty, the mate is gone
    const nobody = main.getByText(/^Nobody is ranked yet/)
    await nobody.waitFor()
    expect(await main.getByRole('tabpanel').textContent()).not.toContain(mate.username)
    await page.getByRole('tab', { name: 'All-time' }).click()
    await page.waitForURL((url) => url.pathname === '/rankings/all_time')
    await nobody.waitFor()
    expect(await main.getByRole('tabpanel').textContent()).not.toContain(mate.username)
    expect(issues.all()).toEqual([])
    await page.context().close()
  })

  it('shows an invitation to a private group to the invited player, who joins it and can switch to it', async () => {
    const { server, browser } = started()
    const [admin, invitee] = await Promise.all([signUpPlayer(server), signUpPlayer(server)])
    const groupName = `E2E invitation ${process.pid % 10_000}`
    const created = await admin.client.post<{ id: number }>('/v1/stockgame/groups', { name: groupName })
    expect(created.status).toBe(201)
    const invited = await admin.client.post(`/v1/stockgame/groups/${created.body.id}/members/update`, {
      groupId: created.body.id,
      addMemberIds: [invitee.id],
    })
    expect(invited.status).toBe(200)

    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, invitee)
    const issues = collectPageIssues(page)
    await page.goto('/groups')
    const invitations = page.getByRole('region', { name: 'Invitations' })
    const invitation = invitations.getByRole('listitem').filter({ hasText: groupName })
    await invitation.getByText('Invited', { exact: true }).waitFor()
    const joined = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/groups\/\d+\/join$/.test(response.url()),
    )
    await invitation.getByRole('button', { name: `Join ${groupName}` }).click()
    expect((await joined).status()).toBe(200)
    // the group moves to the player's own groups, where they can switch to it; no invitation is left
    const groupRow = page
      .getByRole('region', { name: 'Your groups' })
      .getByRole('listitem')
      .filter({ hasText: groupName })
    await groupRow.getByRole('button', { name: `Switch to ${groupName}` }).waitFor()
    await invitations.waitFor({ state: 'detached' })
    const lists = await invitee.client.get<GroupLists>('/v1/stockgame/groups')
    expect(lists.body.groups.map((group) => group.name)).toContain(groupName)
    expect(lists.body.invitations).toEqual([])
    expect(issues.all()).toEqual([])
    await page.context().close()
  })

  it("pushes an invitation to the invited player's open page, and moves them to Alpha when the group they play in is deleted", async () => {
    const { server, browser } = started()
    const [admin, invitee] = await Promise.all([signUpPlayer(server), signUpPlayer(server)])
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(page, server, invitee)
    const issues = collectPageIssues(page)
    const isListsRead = (response: Response) =>
      response.request().method() === 'GET' && new URL(response.url()).pathname === '/v1/stockgame/groups'
    await page.goto('/groups')
    await page.getByRole('region', { name: 'Your groups' }).waitFor()
    expect(await page.getByRole('region', { name: 'Invitations' }).count()).toBe(0)
    const groupName = `E2E live invitation ${process.pid % 10_000}`
    const created = await admin.client.post<{ id: number }>('/v1/stockgame/groups', { name: groupName })
    expect(created.status).toBe(201)

    // right after a background refresh the next one is 10 s away: what shows sooner came by the push
    await page.waitForResponse(isListsRead, { timeout: 15_000 })
    const refreshedAt = Date.now()
    const invited = await admin.client.post(`/v1/stockgame/groups/${created.body.id}/members/update`, {
      groupId: created.body.id,
      addMemberIds: [invitee.id],
    })
    expect(invited.status).toBe(200)
    const notifications = page.getByRole('region', { name: 'Notifications' })
    await notifications.getByText(`${admin.username} invited you to ${groupName}`).waitFor({ timeout: 5_000 })
    const invitation = page
      .getByRole('region', { name: 'Invitations' })
      .getByRole('listitem')
      .filter({ hasText: groupName })
    await invitation.getByText('Invited', { exact: true }).waitFor()
    expect(Date.now() - refreshedAt).toBeLessThan(9_000)

    // the invitee joins and plays in the group
    await invitation.getByRole('button', { name: `Join ${groupName}` }).click()
    const groupRow = page
      .getByRole('region', { name: 'Your groups' })
      .getByRole('listitem')
      .filter({ hasText: groupName })
    await groupRow.getByRole('button', { name: `Switch to ${groupName}` }).click()
    await notifications.getByText('Group selected').waitFor()
    const activeCard = page.getByRole('region', { name: 'Active group' })
    await activeCard.getByText(groupName).waitFor()

    // the admin deletes it elsewhere: the open page plays in Alpha again, its group's data read anew
    // (the state brings the polls, the activity and the ranking; the untagged messages their own)
    await page.waitForResponse(isListsRead, { timeout: 15_000 })
    const deletedAt = Date.now()
    const reads = recordGameReads(page)
    const deleted = await admin.client.get(`/v1/stockgame/groups/${created.body.id}/delete`)
    expect(deleted.status).toBe(204)
    await notifications.getByText(`You no longer play in ${groupName}`).waitFor({ timeout: 5_000 })
    await activeCard.getByText(everybodyGroupName, { exact: true }).waitFor()
    expect(Date.now() - deletedAt).toBeLessThan(9_000)
    await groupRow.waitFor({ state: 'detached' })
    await expect
      .poll(() => [...new Set(reads.paths)], { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['/v1/stockgame/state', '/v1/stockgame/untagged-messages']))
    reads.stop()
    expect(issues.all()).toEqual([])
    await page.context().close()
  })

  it('creates an event that counts only the titles chosen in its form, on a phone', async () => {
    const { server, browser } = started()
    const admin = await signUpPlayer(server)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await installServerClock(page, server)
    await signInBrowser(page, server, admin)
    const issues = collectPageIssues(page)
    await page.goto('/groups')
    await page.getByRole('button', { name: 'Create group' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create a group' })
    const eventName = `E2E event ${process.pid % 10_000}`
    await dialog.getByLabel('Group name').fill(eventName)
    await dialog.getByText('Event (ends').click()
    await dialog.getByLabel('Event ends at').fill('2099-06-30T18:00')
    const search = dialog.getByRole('searchbox', { name: 'Add a title to the event' })
    const titles: [query: string, name: string][] = [
      ['apple', 'Apple Inc.'],
      ['tesla', 'Tesla Inc.'],
    ]
    for (const [query, name] of titles) {
      await search.fill(query)
      await dialog.getByRole('button', { name: `Add ${name}` }).click()
    }
    const chosen = dialog.getByRole('list', { name: 'Event titles' }).getByRole('listitem')
    expect(await chosen.allTextContents()).toEqual(['Apple Inc.', 'Tesla Inc.'])
    // an avatar: the picked image shows, with a button to take it out again
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: onePixelPng })
    await dialog.getByRole('button', { name: 'Remove cup.png' }).waitFor()
    const preview = dialog.getByRole('listitem').filter({ hasText: 'cup.png' }).locator('img')
    await preview.waitFor()
    expect(
      await preview.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth)),
    ).toBe(1)
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/v1/stockgame/groups'),
    )
    await dialog.getByRole('button', { name: 'Create group' }).click()
    expect((await created).status()).toBe(201)
    const row = page
      .getByRole('region', { name: 'Your groups' })
      .getByRole('listitem')
      .filter({ hasText: eventName })
    await row.getByText('2 titles', { exact: false }).waitFor()
    const lists = await admin.client.get<GroupLists>('/v1/stockgame/groups')
    const event = lists.body.groups.find((group) => group.name === eventName)
    expect(event).toMatchObject({ type: 'event', titleRestrictions: [2494, 2793] })
    expect(event?.avatarUrl).toMatch(/\.png$/)
    expect(issues.all()).toEqual([])
    await page.context().close()
  })
})
