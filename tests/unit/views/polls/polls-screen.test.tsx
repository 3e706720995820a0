// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Route } from 'wouter'
import type { OwnVote } from '../../../../src/api/polls'
import { Polls } from '../../../../src/views/screens/polls/Polls'
import { hour, pollAt, resultsWith } from '../../../support/game-fixtures'
import { apple, memoryApi, tesla } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const dax = 1000001
/** The universe with each title's currency (spec §9): shares in USD, an index in points. */
const universe = () => [
  { id: apple, n: 'Apple', type: 'others', c: ['AAPL'], currency: 'USD' },
  { id: tesla, n: 'Tesla', type: 'others', c: ['TSLA'], currency: 'USD' },
  { id: dax, n: 'DAX', type: 'index', c: ['DAX'], currency: 'PTS' },
]

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(path: string, api = memoryApi()) {
  const view = renderScreen(
    <Route path="/polls/:tab?">
      <Polls />
    </Route>,
    { path, api },
  )
  stops.push(view.stop)
  return view
}

const ownVote = (pollId: number, extra: Partial<OwnVote> = {}): OwnVote => ({
  pollId,
  userId: 5,
  vote: 'up',
  ttcBet: 5,
  createdAt: 0,
  payout: null,
  ...extra,
})

const pollCard = (title: string) => screen.findByRole('article', { name: title }, { timeout: 3000 })

async function openBetDialog(title: string) {
  const user = userEvent.setup()
  const card = await pollCard(title)
  await user.click(within(card).getByRole('button', { name: `Place bet on ${title}` }))
  const dialog = await screen.findByRole('dialog', { name: 'Place your bet' })
  return { user, dialog }
}

describe('the polls page (spec §2 /polls, §4 poll lifecycle)', () => {
  it('shows running polls with their phase, prices and results', async () => {
    const now = Date.now()
    show(
      '/polls',
      memoryApi({
        universe,
        polls: () => [
          pollAt(1, apple, now - hour, {
            results: resultsWith({ up: [2, 20], down: [1, 10] }),
          }),
          pollAt(2, tesla, now - 3 * hour, { phase: 'closed' }),
          pollAt(5, dax, now - hour, { priceBase: 15230.1 }),
        ],
      }),
    )
    const open = await pollCard('Apple')
    expect(within(open).getByText('Open')).toBeTruthy()
    expect(within(open).getByText(/closes in 59 minutes|closes in 1 hour/)).toBeTruthy()
    expect(within(open).getByText('Price base: $100.00')).toBeTruthy()
    expect(within(open).getByText('Votes cast: 3')).toBeTruthy()
    expect(within(open).getByText('Total bet: 30.00 TTC')).toBeTruthy()
    expect(within(open).getByText('Up: 2 players')).toBeTruthy()
    const closed = await pollCard('Tesla')
    expect(within(closed).getByText('Closed')).toBeTruthy()
    expect(within(closed).getByText(/evaluated in [23] hours/)).toBeTruthy()
    expect(within(closed).queryByRole('button', { name: /Place bet/ })).toBeNull()
    const index = await pollCard('DAX')
    expect(within(index).getByText('Price base: 15,230.10 PTS')).toBeTruthy()
  })

  it('shows finished polls with the outcome and the payout on the Finished tab', async () => {
    const now = Date.now()
    show(
      '/polls/finished',
      memoryApi({
        universe,
        polls: () => [
          pollAt(3, apple, now - 8 * hour, {
            phase: 'evaluated',
            evalPrice: 104,
            outcome: 'up',
            votes: [ownVote(3, { payout: 9.5 })],
          }),
          pollAt(4, tesla, now - hour),
        ],
      }),
    )
    expect(screen.getByRole('tab', { name: 'Finished', selected: true })).toBeTruthy()
    const finished = await pollCard('Apple')
    expect(within(finished).getByText('Evaluated')).toBeTruthy()
    expect(within(finished).getByText('You won: payout 9.50 TTC')).toBeTruthy()
    expect(within(finished).getByText('Evaluation price: $104.00')).toBeTruthy()
    expect(screen.queryByRole('article', { name: 'Tesla' })).toBeNull()
  })

  it('says on a finished poll nobody called that the Bank takes the pot (spec §1)', async () => {
    const now = Date.now()
    const lost = {
      numUsersBetUp: 1,
      numUsersBetFlat: 1,
      numUsersBetDown: 0,
      totalTtcBet: 12.5,
      ttcBetUp: 10,
      ttcBetFlat: 2.5,
      ttcBetDown: 0,
    }
    show(
      '/polls/finished',
      memoryApi({
        universe,
        polls: () => [
          pollAt(3, apple, now - 8 * hour, {
            phase: 'evaluated',
            evalPrice: 96,
            outcome: 'down',
            settledAt: now - 2 * hour,
            bankWon: true,
            results: lost,
            votes: [ownVote(3, { payout: 0 })],
          }),
          pollAt(4, tesla, now - 9 * hour, {
            phase: 'evaluated',
            evalPrice: 104,
            outcome: 'up',
            settledAt: now - 3 * hour,
            bankWon: false,
            results: lost,
          }),
        ],
      }),
    )
    const nobody = await pollCard('Apple')
    expect(within(nobody).getByText('No one called it: the Bank takes the pot of 12.50 TTC')).toBeTruthy()
    expect(within(nobody).getByText('You lost: payout 0.00 TTC')).toBeTruthy()
    const called = await pollCard('Tesla')
    expect(within(called).queryByText(/the Bank takes the pot/)).toBeNull()
  })

  it('switches tabs through the address', async () => {
    const view = show('/polls')
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Finished' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/polls/finished'))
  })

  it('counts down to the next poll when none is open', async () => {
    const now = Date.now()
    show('/polls', memoryApi({ polls: () => [pollAt(2, tesla, now - 3 * hour, { phase: 'closed' })] }))
    await pollCard('Tesla')
    expect(await screen.findByRole('heading', { name: 'Next poll' })).toBeTruthy()
    expect(screen.getByRole('timer', { name: /^Next poll starts in / })).toBeTruthy()
  })
})

describe('the bet dialog (spec §5, §8)', () => {
  it("asks about the move from the price base in the title's currency", async () => {
    const now = Date.now()
    show(
      '/polls',
      memoryApi({
        universe,
        polls: () => [pollAt(1, apple, now - hour), pollAt(5, dax, now - hour, { priceBase: 15230.1 })],
      }),
    )
    const { user, dialog } = await openBetDialog('Apple')
    expect(within(dialog).getByText(/^Where will Apple be at .+, compared with \$100\.00\?$/)).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const index = await openBetDialog('DAX')
    expect(
      within(index.dialog).getByText(/^Where will DAX be at .+, compared with 15,230\.10 PTS\?$/),
    ).toBeTruthy()
  })

  it("asks in USD while the title's currency is unknown", async () => {
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour)] }))
    const { dialog } = await openBetDialog('Apple')
    expect(within(dialog).getByText(/compared with \$100\.00\?$/)).toBeTruthy()
  })

  it('checks the side and the wager with the spec texts', async () => {
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour)] }))
    const { user, dialog } = await openBetDialog('Apple')
    await user.click(within(dialog).getByRole('button', { name: 'Place bet' }))
    expect(within(dialog).getByText('You must set your wager...')).toBeTruthy()
    expect(within(dialog).getByText('Please choose up, flat or down.')).toBeTruthy()

    await user.click(within(dialog).getByRole('radio', { name: 'Up' }))
    const wager = within(dialog).getByRole('textbox', { name: 'Wager (TTC)' })
    await user.type(wager, '0')
    await user.click(within(dialog).getByRole('button', { name: 'Place bet' }))
    expect(within(dialog).getByText('Validation Error')).toBeTruthy()
    expect(within(dialog).getByText('Your wager must be greater than 0.')).toBeTruthy()

    await user.clear(wager)
    await user.type(wager, '150')
    await user.click(within(dialog).getByRole('button', { name: 'Place bet' }))
    expect(within(dialog).getByText("You don't have so much money... (Max 100.00)")).toBeTruthy()

    // a third decimal is refused, not rounded away when the field loses focus
    await user.clear(wager)
    await user.type(wager, '1.555')
    await user.click(within(dialog).getByRole('button', { name: 'Place bet' }))
    expect((wager as HTMLInputElement).value).toBe('1.555')
    expect(within(dialog).getByText('Your wager can have at most two decimals.')).toBeTruthy()
  })

  it('shows the bet, and what it would pay now, instead of a Place bet button', async () => {
    const results = resultsWith({ up: [1, 5], down: [1, 10] })
    show(
      '/polls',
      memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour, { votes: [ownVote(1)], results })] }),
    )
    const card = await pollCard('Apple')
    expect(within(card).getByText('Your bet:', { exact: false }).textContent).toBe('Your bet: Up, 5.00 TTC')
    // the server counts the 5 up: the pot of 15 over 5
    expect(within(card).getByText('If Up wins, it would pay 15.00 TTC now')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: /Place bet/ })).toBeNull()
  })

  it('shows when the poll is judged, what flat means, and each side’s pot and payout per 1 TTC', async () => {
    const start = Date.now() - hour
    const results = resultsWith({ up: [2, 30], down: [1, 10] })
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, start, { results, flatBand: 0.002 })] }))
    const card = await pollCard('Apple')
    const judged = within(card).getByText('Judged:').parentElement
    expect(judged?.querySelector('time')?.getAttribute('dateTime')).toBe(
      new Date(start + 6 * hour).toISOString(),
    )
    expect(within(card).getByText('within ±0.2 % of the base price')).toBeTruthy()
    const table = within(card).getByRole('table', { name: 'Pot per side and payout per 1 TTC' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'SidePotPays per 1 TTC',
      'Up30.00 TTC1.32',
      'Flat0.00 TTC41.00 (nobody yet)',
      'Down10.00 TTC3.72',
    ])
  })

  it('previews what the side and wager would pay before the bet is placed, against the stake', async () => {
    const results = resultsWith({ up: [2, 30], down: [1, 10] })
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour, { results })] }))
    const { user, dialog } = await openBetDialog('Apple')
    const preview = within(dialog).getByRole('status')
    expect(preview.textContent).toBe('')
    await user.click(within(dialog).getByRole('radio', { name: 'Down' }))
    // a side without a wager says nothing yet
    expect(preview.textContent).toBe('')
    const wager = within(dialog).getByRole('textbox', { name: 'Wager (TTC)' })
    await user.type(wager, '10')
    // 10 down joins the pot: 50 over 20
    expect(preview.textContent).toBe(
      'If Down wins, this bet would pay 25.00 TTC (15.00 TTC more than your stake) as the pot stands now.',
    )
    await user.click(within(dialog).getByRole('radio', { name: 'Up' }))
    expect(preview.textContent).toBe(
      'If Up wins, this bet would pay 12.50 TTC (2.50 TTC more than your stake) as the pot stands now.',
    )
    // more than the balance: no preview, the check says why on submit
    await user.clear(wager)
    await user.type(wager, '150')
    expect(preview.textContent).toBe('')
  })

  it('says a side everybody is on pays only the stake back', async () => {
    const results = resultsWith({ up: [1, 20] })
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour, { results })] }))
    const { user, dialog } = await openBetDialog('Apple')
    await user.click(within(dialog).getByRole('radio', { name: 'Up' }))
    await user.click(within(dialog).getByRole('button', { name: '10 TTC' }))
    expect(within(dialog).getByRole('status').textContent).toBe(
      'If Up wins, this bet would pay 10.00 TTC (only your stake back) as the pot stands now.',
    )
  })

  it('fills the wager with a quick amount, or the whole balance for Max', async () => {
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour)] }))
    const { user, dialog } = await openBetDialog('Apple')
    const wager = within(dialog).getByRole('textbox', { name: 'Wager (TTC)' }) as HTMLInputElement
    const quick = within(dialog).getByRole('group', { name: 'Quick amounts' })
    await user.click(within(quick).getByRole('button', { name: '25 TTC' }))
    expect(wager.value).toBe('25.00')
    await user.click(within(quick).getByRole('button', { name: /^Max: / }))
    expect(wager.value).toMatch(/^\d+\.\d\d$/)
    expect(
      within(quick)
        .getByRole('button', { name: /^Max: / })
        .getAttribute('aria-label'),
    ).toBe(`Max: ${wager.value} TTC`)
  })

  it('sends the bet, answers with the stake and what it would pay now, and shows it on the card', async () => {
    const bodies: unknown[] = []
    const view = show(
      '/polls',
      memoryApi({
        polls: () => [pollAt(1, apple, Date.now() - hour)],
        vote: ({ body }) => {
          bodies.push(body)
          return {
            numUsersBetUp: 1,
            numUsersBetFlat: 0,
            numUsersBetDown: 1,
            totalTtcBet: 22.5,
            ttcBetUp: 12.5,
            ttcBetFlat: 0,
            ttcBetDown: 10,
          }
        },
      }),
    )
    const { user, dialog } = await openBetDialog('Apple')
    await user.click(within(dialog).getByRole('radio', { name: 'Up' }))
    // typed as in Berlin, with a decimal comma: the field keeps the text, the bet is 12.5
    const wager = within(dialog).getByRole('textbox', { name: 'Wager (TTC)' })
    await user.type(wager, '12,5')
    expect((wager as HTMLInputElement).value).toBe('12,5')
    await user.click(within(dialog).getByRole('button', { name: 'Place bet' }))
    // the server's answer: the bet and its share of the pot of 22.50
    const answer = await within(dialog).findByRole('status')
    expect(within(answer).getByText('Bet placed: Up, 12.50 TTC')).toBeTruthy()
    expect(within(answer).getByText('If Up wins, it would pay 22.50 TTC now.')).toBeTruthy()
    expect(bodies).toEqual([{ pollId: 1, userId: 5, vote: 'up', ttcBet: 12.5 }])
    expect(view.calls).toContain('vote')
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const card = await pollCard('Apple')
    expect(within(card).getByText('Total bet: 22.50 TTC')).toBeTruthy()
    expect(within(card).getByText(/Your bet:/).textContent).toBe('Your bet: Up, 12.50 TTC')
    expect(within(card).getByText('If Up wins, it would pay 22.50 TTC now')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: /Place bet/ })).toBeNull()
  })

  it("says 'Error sending bet to server' when the post fails", async () => {
    show('/polls', memoryApi({ polls: () => [pollAt(1, apple, Date.now() - hour)] }))
    const { user, dialog } = await openBetDialog('Apple')
    await user.click(within(dialog).getByRole('radio', { name: 'Flat' }))
    await user.type(within(dialog).getByRole('textbox', { name: 'Wager (TTC)' }), '3')
    await user.click(within(dialog).getByRole('button', { name: 'Place bet' }))
    expect(await within(dialog).findByText('Error sending bet to server')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: 'Place bet' })).toBeNull()
  })
})
