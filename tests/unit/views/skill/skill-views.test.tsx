// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Route, Switch } from 'wouter'
import type { UserSkill } from '~/api/skill'
import type { UserProfile } from '~/api/users'
import { Rankings } from '~/views/screens/rankings/Rankings'
import { UserInfoDialog } from '~/views/user/UserInfoDialog'
import { type Handler, memoryApi, refused } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

function show(ui: React.ReactElement, path: string, handlers: Record<string, Handler>) {
  const view = renderScreen(ui, { path, api: memoryApi(handlers) })
  stops.push(view.stop)
  return view
}

const bob: UserProfile = {
  id: 9,
  username: 'bob',
  rank: 0,
  liveRank: 4,
  userBadges: [],
  createdAt: 1_700_000_000_000,
  balance: 10,
  groups: [],
  votes: { total: 0, open: 0, won: 0 },
  predictions: { total: 30, running: 0, correct: 20 },
}

const skilled: UserSkill = {
  userId: 9,
  judged: 30,
  correct: 20,
  hitRate: 2 / 3,
  interval: { low: 0.4878, high: 0.8077 },
  pValue: 0.0494,
  skillShown: true,
  relativeScore: 0.2,
}

describe("the user info dialog's skill section", () => {
  it('shows the hit rate with its interval, the p-value and the skill badge', async () => {
    const asked: unknown[] = []
    show(<UserInfoDialog userId={9} open onOpenChange={() => {}} />, '/', {
      user: () => bob,
      userSkill: (args) => {
        asked.push(args)
        return skilled
      },
    })
    const dialog = await screen.findByRole('dialog', { name: 'bob' })
    const section = await within(dialog).findByRole('region', { name: 'Skill, not luck' })
    expect(await within(section).findByText('Skill shown')).toBeTruthy()
    expect(section.textContent).toContain('66.7% (48.8–80.8%)')
    expect(section.textContent).toContain('p-value against 50%0.049')
    expect(section.textContent).toContain('Against the crowd+0.20')
    expect(asked).toEqual([{ params: { user: '9' } }])
  })

  it('says why no skill shows for a short record', async () => {
    show(<UserInfoDialog userId={9} open onOpenChange={() => {}} />, '/', {
      user: () => bob,
      userSkill: () => ({ ...skilled, judged: 12, correct: 11, hitRate: 11 / 12, skillShown: false }),
    })
    expect(await screen.findByText('Too few judged calls to tell skill from luck (12 of 30)')).toBeTruthy()
    expect(screen.queryByText('Skill shown')).toBeNull()
  })

  it("says 'Error fetching skill!' and loads again on Retry", async () => {
    const user = userEvent.setup()
    let fail = true
    show(<UserInfoDialog userId={9} open onOpenChange={() => {}} />, '/', {
      user: () => bob,
      userSkill: () => (fail ? refused(500)() : skilled),
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Error fetching skill!')
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('Skill shown')).toBeTruthy()
  })
})

describe("the rankings' skill column", () => {
  it('is off by default and, switched on, loads each row’s skill', async () => {
    const user = userEvent.setup()
    const asked: unknown[] = []
    show(
      <Switch>
        <Route path="/rankings/:tab?" component={Rankings} />
      </Switch>,
      '/rankings',
      {
        rankings: () => [
          { rank: 1, userId: 9, username: 'bob', points: 9, accuracy: 0.75 },
          { rank: 2, userId: 5, username: 'alice', points: 3, accuracy: 1 },
        ],
        userSkill: (args) => {
          asked.push(args)
          const id = Number((args as { params: { user: string } }).params.user)
          return id === 9 ? skilled : { ...skilled, userId: 5, hitRate: 0.5, skillShown: false }
        },
      },
    )
    const table = await screen.findByRole('table', { name: 'Real-time ranking' })
    await within(table).findByText('bob')
    expect(within(table).queryByRole('columnheader', { name: 'Skill' })).toBeNull()
    expect(asked).toEqual([])
    await user.click(screen.getByRole('switch', { name: /Show skill/ }))
    expect(within(table).getByRole('columnheader', { name: 'Skill' })).toBeTruthy()
    const bobRow = within(table).getByRole('row', { name: /bob/ })
    expect(await within(bobRow).findByText('skill')).toBeTruthy()
    expect(bobRow.textContent).toContain('66.7%')
    const aliceRow = within(table).getByRole('row', { name: /alice/ })
    expect(await within(aliceRow).findByText('50.0%')).toBeTruthy()
    expect(within(aliceRow).queryByText('skill')).toBeNull()
  })
})
