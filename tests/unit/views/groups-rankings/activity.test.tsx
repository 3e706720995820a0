// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { shownLinesPerGroup } from '../../../../src/views/activity/ActivityGroupItem'
import { ActivityStream } from '../../../../src/views/activity/ActivityStream'
import { linesOf } from '../../../../src/views/activity/activity-lines'
import { hour } from '../../../support/game-fixtures'
import { apple, memoryApi, tesla } from '../../../support/memory-api'
import { renderScreen } from '../../../support/render-screen'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  cleanup()
})

const now = Date.now()
const prediction = (at: number, evaluated: boolean) => ({
  type: 'TaggedMessage',
  timestamp: at,
  evaluationTime: evaluated ? at : at + 3 * hour,
  evalPrice: evaluated ? 110 : null,
  data: {
    userId: 6,
    username: 'bob',
    titleId: apple,
    messageId: 'm1',
    trend: 'Up',
    atPrice: 100,
    evalPrice: evaluated ? 110 : null,
    evaluatedAt: evaluated ? at : null,
    createdAt: at - (evaluated ? 3 * hour : 0),
    rewardFactor: 1,
    correct: evaluated ? true : null,
  },
})
const chronic = [
  prediction(now - 1 * hour - 60_000, false),
  prediction(now - 3 * hour, true),
  {
    type: 'Vote',
    timestamp: now - 5 * hour,
    data: { pollId: 1, titleId: tesla, userId: 7, username: 'zoe', vote: 'down', ttcBet: 12.5 },
  },
  {
    type: 'Poll',
    timestamp: now - 7 * hour,
    data: {
      pollId: 1,
      titleId: tesla,
      event: 'opened',
      priceBase: 100,
      startTime: now - 7 * hour,
      endTime: now - 5 * hour,
      evalTime: now,
      evalPrice: null,
      outcome: null,
    },
  },
  {
    type: 'PollAnnouncement',
    timestamp: now + hour,
    data: {
      startTime: now + hour,
      endTime: now + 3 * hour,
      evalTime: now + 7 * hour,
      titleIds: [apple, tesla],
    },
  },
]

describe('the activity stream (spec §3)', () => {
  it('shows each kind of group with its time, players, titles and amounts', async () => {
    const view = renderScreen(<ActivityStream />, {
      api: memoryApi({ activity: () => chronic }),
    })
    stops.push(view.stop)
    const feed = await screen.findByRole('list', { name: 'Activity' })
    for (const heading of ['Upcoming polls', 'New predictions', 'Evaluated predictions', 'New bets', 'Polls'])
      expect(within(feed).getByRole('heading', { name: heading })).toBeTruthy()
    expect(within(feed).getAllByRole('button', { name: "Show bob's profile" })).toHaveLength(2)
    expect(feed.textContent).toContain('predicted Up on')
    expect(feed.textContent).toContain('was right (+1.00 TTC) with Up on')
    expect(feed.textContent).toContain('bet 12.50 TTC on down for')
    expect(feed.textContent).toContain('A poll opened on')
    expect(feed.textContent).toContain('The next poll round opens for 2 titles')
    expect(await within(feed).findAllByRole('link', { name: 'Tesla' })).toHaveLength(2)
    expect(feed.querySelectorAll('time')).toHaveLength(5)
  })

  it("shows a busy hour's first five lines of a group and folds the rest behind 'Show n more'", async () => {
    const busyHour = Array.from({ length: 8 }, (_, i) => prediction(now - hour + i * 60_000, false))
    const view = renderScreen(<ActivityStream />, { api: memoryApi({ activity: () => busyHour }) })
    stops.push(view.stop)
    const feed = await screen.findByRole('list', { name: 'Activity' })
    const [group] = within(feed)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === feed)
    if (!group) throw new Error('no group')
    const [shown, folded] = [...group.querySelectorAll('ul')]
    expect(shown?.children).toHaveLength(shownLinesPerGroup)
    const more = group.querySelector('details')
    expect(more?.open).toBe(false)
    expect(more?.querySelector('summary')?.textContent).toBe('Show 3 more')
    expect(more?.contains(folded ?? null)).toBe(true)
    expect(folded?.children).toHaveLength(3)
    // a group of five or fewer has nothing to fold
    cleanup()
    const quiet = renderScreen(<ActivityStream />, {
      api: memoryApi({ activity: () => busyHour.slice(0, 5) }),
    })
    stops.push(quiet.stop)
    const few = await screen.findByRole('list', { name: 'Activity' })
    expect(few.querySelector('details')).toBeNull()
    expect(few.textContent?.match(/predicted Up on/g)).toHaveLength(5)
  })

  it('announces the group winners and a poll the Bank won', async () => {
    const settled = (pollId: number, titleId: number, at: number, bankWon: boolean) => ({
      type: 'Poll',
      timestamp: at,
      data: {
        pollId,
        titleId,
        event: 'settled',
        priceBase: 100,
        startTime: at - 6 * hour,
        endTime: at - 4 * hour,
        evalTime: at,
        evalPrice: 98,
        outcome: 'down',
        bankWon,
        pot: 12.5,
      },
    })
    const view = renderScreen(<ActivityStream />, {
      api: memoryApi({
        activity: () => [
          {
            type: 'UserGroupWinners',
            timestamp: now - hour,
            data: {
              groupId: 1001,
              groupName: 'Night Owls',
              weekStart: now - 8 * 24 * hour,
              winners: [
                { userId: 6, username: 'bob', rank: 1, points: 6 },
                { userId: 7, username: 'zoe', rank: 2, points: 5 },
              ],
            },
          },
          settled(1, tesla, now - 3 * hour, true),
          settled(2, apple, now - 3 * hour, false),
        ],
      }),
    })
    stops.push(view.stop)
    const feed = await screen.findByRole('list', { name: 'Activity' })
    expect(within(feed).getByRole('heading', { name: 'Group winners' })).toBeTruthy()
    expect(within(feed).getByRole('button', { name: "Show bob's profile" })).toBeTruthy()
    expect(feed.textContent).toContain('bob won rank 1 in Night Owls with 6.00 TTC')
    expect(feed.textContent).toContain('zoe won rank 2 in Night Owls with 5.00 TTC')
    const bankLine = await within(feed).findByText(/No one called it: the Bank took the pot of 12\.50 TTC on/)
    expect(within(bankLine).getByRole('link', { name: 'Tesla' })).toBeTruthy()
    expect(within(feed).getAllByText(/the Bank took the pot/)).toHaveLength(1)
    expect(feed.textContent).toContain('A poll was decided (down) on')
  })

  it('says so when nothing happened yet', async () => {
    const view = renderScreen(<ActivityStream />, {
      api: memoryApi({ activity: () => [] }),
    })
    stops.push(view.stop)
    expect(await screen.findByText(/No activity in your group yet/)).toBeTruthy()
  })

  it('writes hidden bets and group winners', () => {
    const hidden = {
      type: 'Vote' as const,
      timestamp: 1,
      data: { userId: 7, username: 'zoe', titleId: 1, vote: null, ttcBet: null },
    }
    expect(linesOf('Vote', hidden, 0)[0]?.text).toBe('placed a bet on')
    const winners = {
      type: 'UserGroupWinners' as const,
      timestamp: 1,
      data: { groupName: 'Bulls', winners: [{ userId: 7, username: 'zoe', rank: 1, points: 4 }] },
    }
    expect(linesOf('UserGroupWinners', winners, 0)).toEqual([
      {
        key: 'UserGroupWinners-1-0-0',
        username: 'zoe',
        userId: 7,
        text: 'won rank 1 in Bulls with 4.00 TTC',
      },
    ])
  })
})
