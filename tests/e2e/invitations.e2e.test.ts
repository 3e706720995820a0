import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { PlayerInvitation } from '../../src/api/invitations'
import {
  checkA11y,
  collectPageIssues,
  setUpE2eSession,
  signInBrowser,
  signUpPlayer,
  viewports,
} from './support'

/**
 * The social loop, point 1: a player makes an invitation link in 'Invite friends' (account menu), a
 * friend opens it, finds Sign up with the code filled in and joins; the inviter then sees who joined.
 */

const started = setUpE2eSession()

/** Fills the Sign up form (its invitation code filled in by the link) as a new player and sends it. */
async function signUpAs(form: Locator, username: string): Promise<void> {
  await form.getByLabel('E-mail').fill(`${username}@example.test`)
  await form.getByLabel('Username').fill(username)
  await form.getByLabel('Password').fill('correct horse battery staple')
  await form.getByText('I agree to the terms and conditions').click()
  await form.getByRole('button', { name: 'Sign up' }).click()
}

describe('invite friends', () => {
  it("a friend signs up through A's link, and A sees who joined", async () => {
    const { server, browser } = started()
    const inviter = await signUpPlayer(server)
    const page = await browser.newPage(viewports.desktop, { baseURL: server.url })
    await signInBrowser(page, server, inviter)
    const issues = collectPageIssues(page)
    await page.goto('/')
    await page.getByRole('button', { name: `Account menu of ${inviter.username}` }).click()
    await page.getByRole('menuitem', { name: 'Invite friends' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite friends' })
    const made = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/v1/invitations'),
    )
    await dialog.getByRole('button', { name: 'Create link' }).click()
    expect((await made).status()).toBe(201)
    const linkField = dialog.getByLabel(/Your new link/)
    await expect.poll(() => linkField.inputValue()).toMatch(/\/account\/signin\?invite=/)
    const url = new URL(await linkField.inputValue())
    await dialog.getByRole('region', { name: 'Your invitations' }).getByRole('listitem').first().waitFor()
    expect(await checkA11y(page)).toEqual([])

    // the friend: a new visitor with the link
    const friendName = `friend_${process.pid % 10_000}`
    const friendPage = await browser.newPage(viewports.mobile, { baseURL: server.url })
    const friendIssues = collectPageIssues(friendPage)
    await friendPage.goto(`${url.pathname}${url.search}`)
    const form = friendPage.getByRole('form', { name: 'Sign up' })
    await form.waitFor()
    expect(await form.getByLabel('Invitation code').inputValue()).toBe(url.searchParams.get('invite'))
    expect(await checkA11y(friendPage)).toEqual([])
    await signUpAs(form, friendName)
    await friendPage.waitForURL(/\/welcome/)

    // the inviter sees who joined, in the API and in the dialog opened again
    const own = await inviter.client.get<{ invitations: PlayerInvitation[] }>('/v1/invitations')
    const used = own.body.invitations.find((invitation) => url.href.endsWith(invitation.code))
    expect(used).toMatchObject({ state: 'used', usedBy: { username: friendName } })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: `Account menu of ${inviter.username}` }).click()
    await page.getByRole('menuitem', { name: 'Invite friends' }).click()
    await dialog.getByText(`${friendName} joined on`, { exact: false }).waitFor()
    expect(issues.all()).toEqual([])
    expect(friendIssues.all()).toEqual([])
    await page.context().close()
    await friendPage.context().close()
  })

  it("a friend who signs up through a group's link starts playing in that group, and any open link copies", async () => {
    const { server, browser } = started()
    const inviter = await signUpPlayer(server)
    const group = await inviter.client.post<{ id: number }>('/v1/stockgame/groups', {
      name: 'Night Owls',
      publicGroup: false,
    })
    expect(group.status).toBe(201)
    const page = await browser.newPage(viewports.mobile, { baseURL: server.url })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await signInBrowser(page, server, inviter)
    const issues = collectPageIssues(page)
    await page.goto('/groups')
    await page.getByRole('button', { name: 'Invite friends to Night Owls' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite friends to Night Owls' })
    // a code the inviter got on sign-up, listed before any link is made here: its link copies
    const starter = inviter.client.get<{ invitations: PlayerInvitation[] }>('/v1/invitations')
    const [starterCode] = (await starter).body.invitations.map((invitation) => invitation.code)
    await dialog.getByRole('button', { name: `Copy link ${starterCode}` }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(new RegExp(`/account/signin\\?invite=${starterCode}$`))
    await dialog.getByRole('button', { name: 'Create link' }).click()
    const linkField = dialog.getByLabel(/Your new link \(your friend joins Night Owls\)/)
    await expect.poll(() => linkField.inputValue()).toMatch(/\/account\/signin\?invite=/)
    const url = new URL(await linkField.inputValue())

    const friendName = `owl_${process.pid % 10_000}`
    const friendPage = await browser.newPage(viewports.mobile, { baseURL: server.url })
    const friendIssues = collectPageIssues(friendPage)
    await friendPage.goto(`${url.pathname}${url.search}`)
    const form = friendPage.getByRole('form', { name: 'Sign up' })
    await signUpAs(form, friendName)
    await friendPage.waitForURL(/\/welcome/)
    for (let slide = 2; slide <= 4; slide++) await friendPage.getByRole('button', { name: 'Next' }).click()
    await friendPage.getByRole('button', { name: "Let's play!" }).click()
    await friendPage.waitForURL((address) => address.pathname === '/')
    // the dashboard's group is the one the friend was invited into, not Alpha
    const groupTile = friendPage.getByRole('region', { name: 'Your group' })
    await groupTile.getByText('Night Owls').waitFor()
    expect(await groupTile.getByText('Alpha').count()).toBe(0)
    expect(issues.all()).toEqual([])
    expect(friendIssues.all()).toEqual([])
    await page.context().close()
    await friendPage.context().close()
  })
})
