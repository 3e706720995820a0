// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '~/api/client'
import type { InvitationList, PlayerInvitation } from '~/api/invitations'
import { InvitationsDialog } from '~/views/invitations/InvitationsDialog'
import { HeaderActions } from '~/views/layout/account/HeaderActions'
import { invitationLink } from '../../../support/client-fixtures'
import { type Handler, memoryApi } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const openLink = invitationLink('AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', 'open')
const usedLink = invitationLink('BBBB-BBBB-BBBB-BBBB-BBBB-BBBB', 'used', {
  usedBy: { id: 9, username: 'bob' },
  usedAt: Date.UTC(2026, 0, 3, 10),
})
const newLink = invitationLink('CCCC-CCCC-CCCC-CCCC-CCCC-CCCC', 'open', { group: { id: 7, name: 'Traders' } })
const listed = (invitations: PlayerInvitation[]): InvitationList => ({
  invitations,
  limits: { openPerPlayer: 5, lifetimeDays: 14 },
})

function show(handlers: Record<string, Handler>, group?: { id: number; name: string }) {
  const api = memoryApi(handlers)
  const view = renderScreen(<InvitationsDialog open group={group} onOpenChange={() => {}} />, { api })
  stops.push(view.stop)
  return { ...view, dialog: () => screen.getByRole('dialog') }
}

describe("the 'Invite friends' dialog", () => {
  it('lists the links with their state and who joined; only open ones can be withdrawn', async () => {
    show({
      invitations: () =>
        listed([openLink, usedLink, invitationLink('DDDD', 'expired'), invitationLink('EEEE', 'withdrawn')]),
    })
    const list = within(await screen.findByRole('region', { name: 'Your invitations' }))
    const rows = list.getAllByRole('listitem')
    expect(rows).toHaveLength(4)
    expect(rows[0]?.textContent).toContain('Open until')
    expect(rows[1]?.textContent).toContain('bob joined on Jan 3')
    expect(rows[2]?.textContent).toContain('Expired on Jan 15')
    expect(rows[3]?.textContent).toContain('Withdrawn')
    expect(list.getAllByRole('button', { name: /^Withdraw invitation/ })).toHaveLength(1)
    expect(list.getAllByRole('button', { name: /^Copy link/ })).toHaveLength(1)
    expect(screen.getByText(/You can make 4 more links; each is valid for 14 days/)).toBeTruthy()
  })

  it('copies the link of an open code made before, such as the ones a new player gets', async () => {
    const user = userEvent.setup()
    show({ invitations: () => listed([openLink, usedLink]) })
    await user.click(await screen.findByRole('button', { name: `Copy link ${openLink.code}` }))
    expect(await navigator.clipboard.readText()).toBe(openLink.url)
    const [openRow] = within(screen.getByRole('region', { name: 'Your invitations' })).getAllByRole(
      'listitem',
    )
    expect(await within(openRow as HTMLElement).findByText('Link copied')).toBeTruthy()
  })

  it('makes a link for the group, shows it and copies it', async () => {
    const user = userEvent.setup()
    const bodies: unknown[] = []
    const view = show(
      {
        invitations: () => listed([]),
        createInvitation: ({ body }) => {
          bodies.push(body)
          return newLink
        },
      },
      { id: 7, name: 'Traders' },
    )
    expect(await screen.findByRole('heading', { name: 'Invite friends to Traders' })).toBeTruthy()
    expect(screen.getByText('A link made here lets one friend sign up and join Traders.')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Create link' }))
    const field = (await screen.findByLabelText(/Your new link/)) as HTMLInputElement
    expect(field.value).toBe(newLink.url)
    expect(bodies).toEqual([{ groupId: 7 }])
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await screen.findByText('Link copied')).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(newLink.url)
    expect(view.calls.filter((call) => call === 'createInvitation')).toHaveLength(1)
  })

  it("says why a link was refused, in the server's words", async () => {
    const user = userEvent.setup()
    const text =
      'You have 5 open invitation links already. Withdraw one or wait until one is used or expires.'
    show({
      invitations: () => listed([]),
      createInvitation: () => Promise.reject(new ApiError(409, 'invitation_limit_reached', text)),
    })
    await user.click(await screen.findByRole('button', { name: 'Create link' }))
    expect((await screen.findByRole('alert')).textContent).toBe(text)
    expect(screen.queryByLabelText(/Your new link/)).toBeNull()
  })

  it('withdraws an open link', async () => {
    const user = userEvent.setup()
    const withdrawn: unknown[] = []
    show({
      invitations: () => listed([openLink]),
      withdrawInvitation: ({ params }) => {
        withdrawn.push(params)
        return undefined
      },
    })
    await user.click(await screen.findByRole('button', { name: `Withdraw invitation ${openLink.code}` }))
    await waitFor(() => expect(screen.getByRole('listitem').textContent).toContain('Withdrawn'))
    expect(withdrawn).toEqual([{ code: openLink.code }])
    expect(screen.queryByRole('button', { name: /^Withdraw invitation/ })).toBeNull()
  })

  it('shows a failed load with Retry, which loads the list again', async () => {
    const user = userEvent.setup()
    let attempts = 0
    show({
      invitations: () => {
        attempts += 1
        return attempts === 1 ? Promise.reject(new Error('Failed to fetch')) : listed([openLink])
      },
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your invitations could not be loaded.')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('region', { name: 'Your invitations' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('the account menu', () => {
  it("opens 'Invite friends'", async () => {
    const user = userEvent.setup()
    const view = renderScreen(<HeaderActions />, {
      api: memoryApi({ invitations: () => listed([usedLink]) }),
    })
    stops.push(view.stop)
    await user.click(await screen.findByRole('button', { name: 'Account menu of alice' }))
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Invite friends' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' })
    expect(await within(dialog).findByText(/bob joined on/)).toBeTruthy()
  })
})
