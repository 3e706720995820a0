// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Switch } from 'wouter'
import { Rankings } from '../../../../src/views/screens/rankings/Rankings'
import { memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const live = [
  { rank: 1, userId: 7, username: 'zoe', points: 9, accuracy: 0.75 },
  { rank: 2, userId: 5, username: 'alice', points: 3, accuracy: 1 },
]

function show(
  path: string,
  api = memoryApi({
    rankings: ({ query }) =>
      (query as { period: string }).period === 'this_week'
        ? live
        : [{ rank: 1, userId: 8, username: 'max', points: 40, accuracy: 0.5 }],
  }),
) {
  const view = renderScreen(
    <Switch>
      <Route path="/rankings/:tab?" component={Rankings} />
    </Switch>,
    { path, api },
  )
  stops.push(view.stop)
  return view
}

describe('the rankings page (spec §2 /rankings)', () => {
  it('shows the real-time ranking at /rankings with trophies and the player’s own row', async () => {
    show('/rankings')
    expect(screen.getByRole('heading', { level: 1, name: 'Rankings' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Real-time', selected: true })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Real-time ranking' })
    const own = await within(table).findByRole('row', { current: true })
    expect(own.textContent).toContain('alice')
    expect(own.textContent).toContain('(you)')
    expect(own.textContent).toContain('3.00 TTC')
    expect(own.textContent).toContain('100.0%')
    expect(within(table).getByRole('img', { name: 'gold trophy' })).toBeTruthy()
    expect(within(table).getByRole('img', { name: 'silver trophy' })).toBeTruthy()
    expect(within(table).getByRole('button', { name: "Show zoe's profile" })).toBeTruthy()
  })

  it('loads a period’s ranking at /rankings/{tab} and puts a chosen tab in the URL', async () => {
    const view = show('/rankings/all_time')
    expect(screen.getByRole('tab', { name: 'All-time', selected: true })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'All-time ranking' })
    expect(await within(table).findByText('max')).toBeTruthy()
    expect(within(table).queryByRole('img', { name: /trophy/ })).toBeNull()
    await userEvent.click(screen.getByRole('tab', { name: 'Last week' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/rankings/last_week'))
    await userEvent.click(screen.getByRole('tab', { name: 'Real-time' }))
    await waitFor(() => expect(view.history.at(-1)).toBe('/rankings'))
  })

  it('says what each tab measures, so Real-time and This week do not look alike', async () => {
    show('/rankings')
    const described = (name: string) =>
      document.getElementById(screen.getByRole('tabpanel', { name }).getAttribute('aria-describedby') ?? '')
        ?.textContent
    expect(described('Real-time')).toContain('refreshed every 10 seconds')
    await userEvent.click(screen.getByRole('tab', { name: 'This week' }))
    expect(described('This week')).toContain('since Monday 00:00')
    await userEvent.click(screen.getByRole('tab', { name: 'Last week' }))
    expect(described('Last week')).toContain('final standings')
    await userEvent.click(screen.getByRole('tab', { name: 'All-time' }))
    expect(described('All-time')).toContain('since the group began')
  })

  it('says when a ranking cannot be fetched', async () => {
    show('/rankings/this_week', memoryApi({ rankings: refused(400) }))
    expect(await screen.findByText('Error fetching ranking!')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('says a rank has no champion once the server answered none, instead of loading on', async () => {
    show(
      '/rankings',
      memoryApi({
        rankings: () => live,
        champions: () => [{ rank: 1, userId: 5, username: 'alice', points: 3 }],
      }),
    )
    const champions = screen.getByRole('region', { name: 'Recent champions' })
    await within(champions).findByRole('button', { name: "Show alice's profile" }, { timeout: 4000 })
    expect(within(champions).getAllByText('No champion yet')).toHaveLength(2)
    expect(within(champions).getByRole('list').getAttribute('aria-busy')).toBe('false')
  })

  it('does not call a failed load a week without champions', async () => {
    show('/rankings', memoryApi({ rankings: () => live, champions: refused(503) }))
    const champions = screen.getByRole('region', { name: 'Recent champions' })
    await waitFor(() => expect(within(champions).getAllByText('Not available right now')).toHaveLength(3), {
      timeout: 4000,
    })
    expect(within(champions).queryByText('No champion yet')).toBeNull()
  })

  it('shows last week’s champions once they arrive', async () => {
    show('/rankings')
    const champions = screen.getByRole('region', { name: 'Recent champions' })
    expect(
      await within(champions).findByRole('button', { name: "Show alice's profile" }, { timeout: 4000 }),
    ).toBeTruthy()
  })
})
