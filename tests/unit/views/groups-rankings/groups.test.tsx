// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatTtc } from '../../../../src/domain/number-format'
import { GroupTile } from '../../../../src/views/groups/GroupTile'
import { LiveRankingPanel } from '../../../../src/views/rankings/LiveRankingPanel'
import { Groups } from '../../../../src/views/screens/groups/Groups'
import { group, hour, noResults, pollAt } from '../../../support/game-fixtures'
import { apple, memoryApi, tesla } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const traders = group(7, 'Traders', { isAdmin: true })
const bears = group(9, 'Bears', { publicGroup: true, memberStatus: null, isAdmin: false, memberCount: 12 })
/** a private group an admin added the player to */
const owls = group(11, 'Owls', { memberStatus: 'invited', isAdmin: false })
const withInvitation = () => ({ groups: [group(1000, 'Everybody')], invitations: [owls], publicGroups: [] })

function show(handlers: Parameters<typeof memoryApi>[0] = {}) {
  const sent: { name: string; args: Record<string, unknown> }[] = []
  const record =
    (name: string, answer: (args: Record<string, unknown>) => unknown) => (args: Record<string, unknown>) => {
      sent.push({ name, args })
      return answer(args)
    }
  const api = memoryApi({
    groups: () => ({
      groups: [group(1000, 'Everybody', { isAdmin: false, publicGroup: true }), traders],
      invitations: [],
      publicGroups: [bears],
    }),
    groupMembers: () => [
      { userId: 5, username: 'alice', isAdmin: true, status: 'active', joinedAt: 1 },
      { userId: 6, username: 'bob', isAdmin: false, status: 'active', joinedAt: 1 },
    ],
    setGroupMembers: record('setGroupMembers', ({ body }) => (body as { members: unknown[] }).members),
    createGroup: record('createGroup', ({ body }) => group(42, (body as { name: string }).name)),
    switchGroup: record('switchGroup', ({ body }) => body),
    joinGroup: record('joinGroup', () => ({ ...owls, memberStatus: 'active', memberCount: 3 })),
    leaveGroup: record('leaveGroup', () => undefined),
    ...handlers,
  })
  const view = renderScreen(<Groups />, { path: '/groups', api })
  stops.push(view.stop)
  return { ...view, sent }
}

describe('the group overview (spec §2 /groups)', () => {
  it('offers Invite on groups the player may bring friends into, and opens the dialog for that group', async () => {
    const bodies: unknown[] = []
    show({
      groups: () => ({
        groups: [
          group(1000, 'Everybody', { isAdmin: false, publicGroup: true }),
          traders,
          group(8, 'Bulls', { publicGroup: true, isAdmin: false }),
          group(12, 'Quiet', { publicGroup: false, isAdmin: false }),
        ],
        invitations: [],
        publicGroups: [],
      }),
      invitations: () => ({ invitations: [], limits: { openPerPlayer: 5, lifetimeDays: 14 } }),
      createInvitation: ({ body }) => {
        bodies.push(body)
        return {
          code: 'AAAA',
          url: 'http://localhost/account/signin?invite=AAAA',
          createdAt: 1,
          expiresAt: 2,
          state: 'open',
          group: { id: 8, name: 'Bulls' },
          usedBy: null,
          usedAt: null,
          withdrawnAt: null,
        }
      },
    })
    // an admin of a private group, any member of a public one; not group 1000, not a private one's member
    expect(await screen.findByRole('button', { name: 'Invite friends to Traders' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Invite friends to Bulls' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Invite friends to Everybody' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Invite friends to Quiet' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Invite friends to Bulls' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends to Bulls' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Create link' }))
    await waitFor(() => expect(bodies).toEqual([{ groupId: 8 }]))
  })

  it('lists the player’s groups and public groups, and switches the active group', async () => {
    const view = show()
    expect(screen.getByRole('heading', { level: 1, name: 'Groups' })).toBeTruthy()
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Traders' }))
    await waitFor(() =>
      expect(view.sent).toEqual([{ name: 'switchGroup', args: { body: { activeGroupId: 7 } } }]),
    )
    expect(await screen.findByRole('button', { name: 'Switch to Everybody' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Join Bears' })).toBeTruthy()
    const active = screen.getByRole('region', { name: 'Active group' })
    expect(await within(active).findByText('bob')).toBeTruthy()
  })

  it('reads the active group’s members again with the lists, so its count and its rows agree', async () => {
    let joined = false
    const members = [
      { userId: 5, username: 'alice', isAdmin: true, status: 'active', joinedAt: 1 },
      { userId: 6, username: 'bob', isAdmin: false, status: 'active', joinedAt: 1 },
    ]
    const view = show({
      groups: () => ({
        groups: [
          group(1000, 'Everybody', { isAdmin: false, publicGroup: true }),
          { ...traders, memberCount: joined ? 3 : 2 },
        ],
        invitations: [],
        publicGroups: [bears],
      }),
      groupMembers: () =>
        joined
          ? [...members, { userId: 9, username: 'cat', isAdmin: false, status: 'active', joinedAt: 2 }]
          : members,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to Traders' }))
    const active = screen.getByRole('region', { name: 'Active group' })
    expect(await within(active).findByText('bob')).toBeTruthy()
    expect(within(active).getByText(/^2 members/)).toBeTruthy()
    // cat joined elsewhere: the socket says the groups changed, the lists and the members are read again
    joined = true
    view.client.groups.send({ type: 'groups.changed' })
    expect(await within(active).findByText('cat')).toBeTruthy()
    expect(within(active).getByText(/^3 members/)).toBeTruthy()
    expect(within(active).getAllByRole('listitem')).toHaveLength(3)
  })

  it('shows no invitations section without invitations', async () => {
    show()
    expect(await screen.findByRole('button', { name: 'Switch to Traders' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull()
  })

  it('lists an invitation to a private group; joining it makes it one of the player’s groups', async () => {
    const view = show({ groups: withInvitation })
    const invitations = await screen.findByRole('region', { name: 'Invitations' })
    expect(within(invitations).getByText('Owls')).toBeTruthy()
    expect(within(invitations).getByText('Invited')).toBeTruthy()
    expect(within(invitations).getByRole('button', { name: 'Decline Owls' })).toBeTruthy()
    await userEvent.click(within(invitations).getByRole('button', { name: 'Join Owls' }))
    await waitFor(() => expect(view.sent).toEqual([{ name: 'joinGroup', args: { params: { groupId: 11 } } }]))
    expect(await screen.findByRole('button', { name: 'Switch to Owls' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull()
  })

  it('leaves a group only once the player confirms', async () => {
    const view = show()
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Traders' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Leave Traders?' })
    expect(within(ask).getByText('It is private: only an admin of it can add you again.')).toBeTruthy()
    await userEvent.click(within(ask).getByRole('button', { name: 'Stay in the group' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(view.sent).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Leave Traders' }))
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave Traders?' })).getByRole('button', {
        name: 'Leave group',
      }),
    )
    await waitFor(() =>
      expect(view.sent).toEqual([
        { name: 'leaveGroup', args: { params: { groupId: 7 }, idempotencyKey: expect.any(String) } },
      ]),
    )
  })

  it('declines an invitation by leaving the group', async () => {
    const view = show({ groups: withInvitation })
    await userEvent.click(await screen.findByRole('button', { name: 'Decline Owls' }))
    await waitFor(() =>
      expect(view.sent).toEqual([
        { name: 'leaveGroup', args: { params: { groupId: 11 }, idempotencyKey: expect.any(String) } },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull())
    expect(screen.queryByText('Owls')).toBeNull()
  })

  it('searches players to add: never blank, members are not offered, the focus stays on the search', async () => {
    show({
      searchUsers: () => [
        { id: 5, username: 'alice' },
        { id: 8, username: 'carol' },
      ],
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Members of Traders' }))
    const dialog = await screen.findByRole('dialog', { name: 'Members and admins of Traders' })
    await within(dialog).findByLabelText('Admin alice')
    const search = within(dialog).getByRole('button', { name: 'Search' })
    expect((search as HTMLButtonElement).disabled).toBe(true)
    const field = within(dialog).getByRole('searchbox', { name: 'Find players by name' })
    await user.type(field, 'a{Enter}')
    // alice is a member already: only carol is offered
    await user.click(await within(dialog).findByRole('button', { name: 'Add carol' }))
    expect(document.activeElement).toBe(field)
    expect(within(dialog).getByLabelText('Admin carol')).toBeTruthy()
    await user.click(search)
    expect(await within(dialog).findByText('No players found who are not in the group yet.')).toBeTruthy()
    // its ✕ closes it, as the other dialogs' do
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Members and admins of Traders' })).toBeNull(),
    )
  })

  it('refuses a member list without an admin and sends nothing', async () => {
    const view = show()
    await userEvent.click(await screen.findByRole('button', { name: 'Members of Traders' }))
    const dialog = await screen.findByRole('dialog', { name: 'Members and admins of Traders' })
    await userEvent.click(await within(dialog).findByLabelText('Admin alice'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save members' }))
    expect(
      await within(dialog).findByText('Cannot save changes, at least one member must be an admin.'),
    ).toBeTruthy()
    expect(view.calls).not.toContain('setGroupMembers')
    await userEvent.click(within(dialog).getByLabelText('Admin bob'))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save members' }))
    await waitFor(() =>
      expect(view.sent.find((s) => s.name === 'setGroupMembers')?.args).toMatchObject({
        body: {
          groupId: 7,
          members: [
            { userId: 5, isAdmin: false },
            { userId: 6, isAdmin: true },
          ],
        },
      }),
    )
  })

  it('checks the group name and the avatar type before creating a group', async () => {
    const view = show()
    const user = userEvent.setup({ applyAccept: false })
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(await within(dialog).findByText('Please set a group name...')).toBeTruthy()
    await user.type(within(dialog).getByLabelText('Group name'), 'Bulls')
    await user.upload(
      within(dialog).getByLabelText('Avatar (PNG, JPEG or GIF, optional)'),
      new File(['x'], 'bulls.webp', { type: 'image/webp' }),
    )
    expect(await within(dialog).findByText('Avatar must be a PNG, JPEG or GIF.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(view.calls).not.toContain('createGroup')
    // the chosen file shows with a button that takes it out again
    expect(within(dialog).getByText('bulls.webp')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Remove bulls.webp' }))
    expect(within(dialog).queryByText('Avatar must be a PNG, JPEG or GIF.')).toBeNull()
    expect(within(dialog).getByRole('button', { name: 'Choose an image' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    await waitFor(() =>
      expect(view.sent.find((s) => s.name === 'createGroup')?.args).toMatchObject({
        body: { name: 'Bulls', publicGroup: false, type: 'userGroup' },
      }),
    )
    expect(await screen.findByRole('button', { name: 'Switch to Bulls' })).toBeTruthy()
  })

  it('shows a picked avatar through one object URL while the form changes, and revokes it when taken out', async () => {
    const created = vi.spyOn(URL, 'createObjectURL')
    const revoked = vi.spyOn(URL, 'revokeObjectURL')
    stops.push(() => {
      created.mockRestore()
      revoked.mockRestore()
    })
    show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    await user.upload(
      within(dialog).getByLabelText('Avatar (PNG, JPEG or GIF, optional)'),
      new File(['png'], 'cup.png', { type: 'image/png' }),
    )
    const preview = await waitFor(() => {
      const image = dialog.querySelector('img')
      if (!image) throw new Error('no preview yet')
      return image
    })
    // typing re-renders the upload; the image keeps the URL it is loading, which stays valid
    await user.type(within(dialog).getByLabelText('Group name'), 'Bulls')
    expect(created).toHaveBeenCalledTimes(1)
    expect(revoked).not.toHaveBeenCalled()
    expect(preview.getAttribute('src')).toBe(created.mock.results[0]?.value)
    await user.click(within(dialog).getByRole('button', { name: 'Remove cup.png' }))
    expect(revoked).toHaveBeenCalledWith(created.mock.results[0]?.value)
  })

  it("refuses a name that hides or reorders text, or the default group's name, with texts that say so", async () => {
    const view = show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    const name = within(dialog).getByLabelText('Group name')
    await user.click(name)
    await user.paste('Bulls\u202E')
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(
      await within(dialog).findByText(
        'A group name cannot contain control, invisible or text-direction characters.',
      ),
    ).toBeTruthy()
    // one change from one refused name to another: the text follows at once
    await user.tripleClick(name)
    await user.paste('ALPHA')
    expect(
      await within(dialog).findByText('Alpha is the group every player is in: please choose another name.'),
    ).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    expect(view.calls).not.toContain('createGroup')
  })
})

describe('creating an event', () => {
  it('counts every title until titles are added; a chip takes one out; the event is sent with them', async () => {
    const view = show()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' })
    await user.type(within(dialog).getByLabelText('Group name'), 'Tech week')
    await user.click(within(dialog).getByLabelText(/^Event \(/))
    await user.type(within(dialog).getByLabelText('Event ends at'), '2099-06-30T18:00')
    const titles = within(dialog).getByRole('group', { name: 'Titles that count' })
    expect(within(titles).getByText('Every title counts. Add titles to count only those.')).toBeTruthy()
    const search = within(titles).getByRole('searchbox', { name: 'Add a title to the event' })
    await user.type(search, 'a')
    await user.click(await within(titles).findByRole('button', { name: 'Add Apple' }))
    // adding is no submit: the form stays open, nothing sent yet
    expect(view.sent.map((s) => s.name)).not.toContain('createGroup')
    // the pressed button is gone: the search keeps the focus for the next title
    expect(document.activeElement).toBe(search)
    await user.clear(search)
    await user.type(search, 'tes')
    await user.click(await within(titles).findByRole('button', { name: 'Add Tesla' }))
    const chosen = within(titles).getByRole('list', { name: 'Event titles' })
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Apple', 'Tesla'])
    await user.click(within(chosen).getByRole('button', { name: 'Remove Apple from the event' }))
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Tesla'])
    // the focus moves to the chip now in the removed one's place
    expect(document.activeElement).toBe(
      within(chosen).getByRole('button', { name: 'Remove Tesla from the event' }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }))
    await waitFor(() =>
      expect(view.sent.find((s) => s.name === 'createGroup')?.args).toMatchObject({
        body: { name: 'Tech week', type: 'event', titleRestrictions: [2495] },
      }),
    )
  })
})

describe('the dashboard’s group tile and live ranking panel', () => {
  it('shows the active group, the player’s rank, the hottest bets and groups', async () => {
    const now = Date.now()
    const view = renderScreen(
      <>
        <GroupTile />
        <LiveRankingPanel />
      </>,
      {
        api: memoryApi({
          groups: () => ({ groups: [group(1000, 'Everybody')], invitations: [], publicGroups: [bears] }),
          polls: () => [
            pollAt(1, apple, now - hour, { results: { ...noResults, totalTtcBet: 12.5 } }),
            pollAt(2, tesla, now - hour),
          ],
        }),
      },
    )
    stops.push(view.stop)
    const tile = screen.getByRole('region', { name: 'Your group' })
    expect(await within(tile).findByText('Everybody')).toBeTruthy()
    expect(await within(tile).findByText('Your rank this week: 1')).toBeTruthy()
    expect(within(tile).getByRole('heading', { name: 'Hottest bets' })).toBeTruthy()
    expect(await within(tile).findByText('Bears')).toBeTruthy()
    // the open polls, with their pots: none has a bet yet (not "0.00 TTC"); Apple has 12.5 TTC
    const bets = within(tile).getByRole('region', { name: 'Hottest bets' })
    expect(
      within(bets)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Apple${formatTtc(12.5)}`, 'TeslaNo bets yet'])
    const panel = screen.getByRole('region', { name: 'Live ranking' })
    expect(await within(panel).findByRole('row', { current: true })).toBeTruthy()
    expect(within(panel).getByRole('link', { name: 'All rankings' })).toBeTruthy()
  })
})
