// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { BankReport } from '../../../../src/api/bank'
import { BankLine } from '../../../../src/views/bank/BankLine'
import { Bank } from '../../../../src/views/screens/bank/Bank'
import { memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const report: BankReport = {
  balance: 41.5,
  potsWon: { count: 3, ttc: 12.5 },
  potsLost: { count: 1, ttc: 30 },
  balanceHistory: [
    { day: '2026-11-25', balance: 29 },
    { day: '2026-11-26', balance: 41.5 },
  ],
  beatenBy: [{ userId: 7, username: 'zoe', pollsWon: 2, ttcWon: 8.25 }],
}

function show(ui: React.ReactElement, bank: (args: Record<string, unknown>) => unknown = () => report) {
  const view = renderScreen(ui, { path: '/bank', api: memoryApi({ bank }) })
  stops.push(view.stop)
  return view
}

describe('the Bank page', () => {
  it('shows its balance, pots won and lost, its balance by day and who beat it this week', async () => {
    show(<Bank />)
    expect(screen.getByRole('heading', { level: 1, name: 'The Bank' })).toBeTruthy()
    const balance = await screen.findByText('Balance', { selector: 'dt' })
    expect(balance.nextElementSibling?.textContent).toBe('41.50 TTC')
    expect(screen.getByText('3 pots')).toBeTruthy()
    expect(screen.getByText('12.50 TTC nobody called')).toBeTruthy()
    expect(screen.getByText('1 pot')).toBeTruthy()
    const history = screen.getByRole('table', { name: "The Bank's balance at the end of each day" })
    const days = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(days).toEqual(['2026-11-2641.50 TTC', '2026-11-2529.00 TTC'])
    const winners = screen.getByRole('list', { name: 'Players who beat the Bank' })
    expect(within(winners).getByRole('listitem').textContent).toContain('zoe')
    expect(within(winners).getByRole('listitem').textContent).toContain('+8.25 TTC')
  })

  it('says when the report cannot be fetched, and tries again', async () => {
    let calls = 0
    show(<Bank />, () => {
      calls += 1
      return calls === 1 ? refused(503)() : report
    })
    expect(await screen.findByText('Error fetching the Bank!')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect((await screen.findByText('Balance', { selector: 'dt' })).nextElementSibling?.textContent).toBe(
      '41.50 TTC',
    )
    expect(screen.queryByText('Error fetching the Bank!')).toBeNull()
  })

  it('gives the rankings a line on the Bank that leads to its page', async () => {
    const view = show(<BankLine />)
    await screen.findByText(/won 3 pots nobody called and lost 1 pot/)
    await userEvent.click(screen.getByRole('link', { name: 'See the Bank' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/bank'))
  })
})
