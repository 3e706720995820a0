import type { ApiClient } from '../../src/api/client'
import { ApiError } from '../../src/api/client'
import type { PollPerformance } from '../../src/api/polls'
import { authUser, settingsOf } from './client-fixtures'
import { group, hour, pollAt, taggedMessage } from './game-fixtures'

export const apple = 2494
export const tesla = 2495
export const titles = [
  { id: apple, n: 'Apple' },
  { id: tesla, n: 'Tesla' },
]
export const groupStores = ['polls', 'liveStream', 'taggedMessages', 'activityStream', 'liveRanking'] as const
export const pollPerformance: PollPerformance = {
  titles: [],
  total: { bets: 1, open: 1, won: 0, lost: 0, ttcStaked: 5, ttcWon: 0 },
}
export const taggedPerformance = {
  titles: [],
  total: {
    titleId: 0,
    titleName: 'Total',
    trendsUp: 1,
    trendsDown: 0,
    correctlyTaggedMessages: 0,
    score: 0,
  },
}

export type Handler = (args: Record<string, unknown>) => unknown
export const refused = (status: number) => () =>
  Promise.reject(new ApiError(status, `http_${status}`, 'refused'))

/** The game API in memory: answers by call name, every call recorded. */
export function memoryApi(overrides: Record<string, Handler> = {}) {
  const now = Date.now()
  const user = authUser({ id: 5, taggedMessages: [taggedMessage('m1', { titleId: apple, createdAt: now })] })
  const handlers: Record<string, Handler> = {
    authInfo: () => user,
    announcement: () => ({ announcement: null }),
    settings: () => settingsOf(false),
    user: () => ({ id: 5, username: 'alice' }),
    authors: () => ({ authors: [], total: 0, nextOffset: null }),
    userSkill: () => ({
      userId: 5,
      judged: 0,
      correct: 0,
      hitRate: null,
      interval: { low: 0, high: 1 },
      pValue: 1,
      skillShown: false,
      relativeScore: null,
    }),
    universe: () => titles,
    polls: () => [pollAt(1, apple, now - hour), pollAt(2, tesla, now - 3 * hour)],
    activity: () => [],
    rankings: () => [{ rank: 1, userId: 5, username: 'alice', points: 3, accuracy: 1 }],
    untaggedMessages: () => [],
    champions: () => [{ rank: 1, userId: 5, username: 'alice', points: 3 }],
    pollsPerformance: () => pollPerformance,
    taggedMessagesPerformance: () => taggedPerformance,
    groups: () => ({ groups: [group(1000, 'Everybody')], invitations: [], publicGroups: [] }),
    switchGroup: ({ body }) => body,
    vote: refused(400),
    logout: () => undefined,
    // the state carries the polls, the activity stream, the rankings and the public groups: made of the
    // handlers of those calls, so a test that answers one of them answers it in the state too
    state: async (args) => ({
      users: [],
      polls: await handlers.polls?.(args),
      chronic: await handlers.activity?.(args),
      rankings: {
        1000: {
          this_week: await handlers.rankings?.({ query: { period: 'this_week' } }),
          last_week: [],
          all_time: [],
        },
      },
      publicGroups:
        ((await handlers.groups?.(args)) as { publicGroups?: unknown } | undefined)?.publicGroups ?? [],
    }),
    ...overrides,
  }
  const calls: string[] = []
  // the abort signal and the retry choice are the transport's: handlers see what goes on the wire
  const call = async (
    name: string,
    { signal: _, passServerErrors: __, ...args }: Record<string, unknown> = {},
  ) => {
    calls.push(name)
    const handler = handlers[name]
    if (!handler) throw new Error(`unexpected call ${name}`)
    return handler(args)
  }
  return { api: { call } as unknown as ApiClient, calls }
}
