// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Transaction } from '~/api/transactions'
import { HeaderActions } from '~/views/layout/account/HeaderActions'
import { Notices } from '~/views/layout/Notices'
import { type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(ui: React.ReactElement, handlers: Record<string, Handler> = {}) {
  const view = renderScreen(ui, { api: memoryApi(handlers) })
  stops.push(view.stop)
  return view
}

const transaction = (
  id: number,
  type: Transaction['type'],
  amount: number,
  reference = 'x',
): Transaction => ({
  transactionId: id,
  receiver: 'w-alice',
  type,
  amount,
  reference,
  createdAt: 1_700_000_000_000 + id,
})

describe('notices (spec §8)', () => {
  it('shows a notice in the live region and closes it on dismiss', async () => {
    const user = userEvent.setup()
    const view = show(<Notices />)
    const region = screen.getByRole('region', { name: 'Notifications' })
    expect(region.getAttribute('aria-live')).toBe('polite')
    act(() => {
      view.client.notifications.send({
        type: 'notice.show',
        notice: { kind: 'negative', message: 'Error saving group', caption: 'Traders', timeoutMs: 0 },
      })
    })
    expect(within(region).getByText('Error saving group')).toBeTruthy()
    expect(within(region).getByText('Traders')).toBeTruthy()
    expect(within(region).getByRole('img', { name: 'Error' })).toBeTruthy()
    await user.click(within(region).getByRole('button', { name: 'Dismiss notification' }))
    await waitFor(() => expect(within(region).queryByText('Error saving group')).toBeNull())
  })

  it("shows a server error's retry countdown", () => {
    const view = show(<Notices />)
    act(() => {
      view.client.notifications.send({
        type: 'notice.show',
        notice: {
          kind: 'negative',
          message: 'Error fetching data from server!',
          caption: 'Retry starting in 4 seconds...',
          timeoutMs: 4000,
          countdown: true,
        },
      })
    })
    expect(screen.getByText('Retry starting in 4 seconds...')).toBeTruthy()
  })
})

describe('header actions (spec §2 account and credit menus)', () => {
  it('offers a guest the sign-in link', async () => {
    show(<HeaderActions />, { authInfo: refused(401) })
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin'),
    )
  })

  it('logs out from the account menu', async () => {
    const user = userEvent.setup()
    const view = show(<HeaderActions />)
    await user.click(await screen.findByRole('button', { name: 'Account menu of alice' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('Last week #3 · This week #2')).toBeTruthy()
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeTruthy()
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }))
    await waitFor(() => expect(view.calls).toContain('logout'))
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy()
  })

  it('names a payment by what it was for: poll winnings, an event prize set aside or returned; a grant of the operator by its reason', async () => {
    const user = userEvent.setup()
    show(<HeaderActions />, {
      transactions: () => [
        transaction(7, 'grant', 25, 'operator-grant:Sorry: the DAX poll was judged late'),
        transaction(6, 'grant', 100, 'signup'),
        transaction(5, 'reward', 10, 'group-prize:1001'),
        transaction(4, 'payment', 10, 'group-prize-refund:1002'),
        transaction(3, 'payment', -10, 'group-prize:1002'),
        transaction(2, 'payment', 30, 'poll:7'),
        transaction(1, 'tag', 1, 'tag:2494:m1'),
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Credit: 100.00 TTC' }))
    const dialog = await screen.findByRole('dialog', { name: 'Credit' })
    const list = await within(dialog).findByRole('list', { name: 'Transactions' })
    const labels = within(list)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('p')?.textContent)
    expect(labels).toEqual([
      'From the operator: Sorry: the DAX poll was judged late',
      'Grant',
      'Event prize',
      'Event prize returned',
      'Event prize set aside',
      'Poll winnings',
      'Prediction reward',
    ])
  })

  it('names what a bet, a payout and a prediction reward were for', async () => {
    const user = userEvent.setup()
    show(<HeaderActions />, {
      universe: () => [{ id: 2494, n: 'Apple', type: 'others', c: ['AAPL'], currency: 'USD' }],
      transactions: () => [
        { ...transaction(4, 'payment', 30, 'poll:7'), about: { pollId: 7, titleId: 2494, side: 'up' } },
        { ...transaction(3, 'wager', -5, 'poll:7'), about: { pollId: 7, titleId: 2494, side: 'up' } },
        {
          ...transaction(2, 'tag', 1, 'tag:2793:m1'),
          about: { titleId: 2793, messageId: 'm1', predictions: 1 },
        },
        { ...transaction(1, 'tag', 9, 'tags:12'), about: { predictions: 12 } },
      ],
    })
    await user.click(await screen.findByRole('button', { name: 'Credit: 100.00 TTC' }))
    const list = await within(await screen.findByRole('dialog', { name: 'Credit' })).findByRole('list', {
      name: 'Transactions',
    })
    const labels = () =>
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('p')?.textContent)
    await waitFor(() =>
      expect(labels()).toEqual([
        'Poll winnings: Apple (Up)',
        'Bet placed: Apple (Up)',
        // a title the client does not know by name yet
        'Prediction reward: Title #2793',
        'Prediction reward: 12 predictions',
      ]),
    )
  })

  it('lists the last transactions in the credit menu, with the total', async () => {
    const user = userEvent.setup()
    const asked: unknown[] = []
    show(<HeaderActions />, {
      transactions: (args) => {
        asked.push(args)
        return [transaction(2, 'wager', -5), transaction(1, 'grant', 100)]
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Credit: 100.00 TTC' }))
    const dialog = await screen.findByRole('dialog', { name: 'Credit' })
    const list = await within(dialog).findByRole('list', { name: 'Transactions' })
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent)
    expect(rows[0]).toContain('Bet placed')
    expect(rows[0]).toContain('-5.00 TTC')
    expect(rows[1]).toContain('Grant')
    expect(rows[1]).toContain('+100.00 TTC')
    expect(asked).toEqual([{ params: { walletAddress: 'w-alice' }, query: { limit: 10 } }])
  })

  it("says 'Error fetching transactions!' when they cannot be loaded", async () => {
    const user = userEvent.setup()
    show(<HeaderActions />, { transactions: refused(500) })
    await user.click(await screen.findByRole('button', { name: 'Credit: 100.00 TTC' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Error fetching transactions!')
  })
})
