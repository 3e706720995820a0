import type { AnyEventObject } from 'xstate'
import type { RankingRow } from '../../src/api/rankings'
import { rankingMachine } from '../../src/machines/ranking.machine'
import type { RankingContext } from '../../src/machines/ranking.types'
import { isAfterEvent, type Output, type PathModel } from './paths'

export const thisWeekRows: RankingRow[] = [{ rank: 1, userId: 6, username: 'max', points: 3, accuracy: 1 }]
export const loadFailure = new Error('ranking unavailable')

/** The request shown after these events (the last `ranking.show`), as `{ period }`. */
export function shownAfter(history: readonly AnyEventObject[]) {
  const show = history.findLast((event) => event.type === 'ranking.show')
  return show ? { period: show.period as string } : undefined
}

/**
 * The rankings page's rules, written out: a period loads when it is shown unless it is shown already;
 * a failed load loads again on Retry and on its own after 2 s, 10 s, then every 60 s.
 */
function loads(
  from: { value: unknown } | undefined,
  event: AnyEventObject,
  history: readonly AnyEventObject[],
) {
  if (event.type === 'ranking.show') return shownAfter(history)?.period !== event.period
  return from?.value === 'failed' && (event.type === 'ranking.retry' || isAfterEvent(event))
}

export const rankingModel: PathModel = {
  name: 'ranking',
  summary:
    "The rankings page's loader of one period (spec §2 /rankings): a period shown loads unless it is shown already, another one replaces it; a failed load retried in the background after 2, 10, then 60 s, or at once on Retry, keeping the rows it had.",
  machine: rankingMachine,
  ignoredEvents: ['ranking.retry'],
  events: [
    { type: 'ranking.show', period: 'this_week' },
    { type: 'ranking.show', period: 'last_week' },
    { type: 'ranking.retry' },
    { type: 'xstate.done.actor.fetchRanking', output: thisWeekRows },
    { type: 'xstate.error.actor.fetchRanking', error: loadFailure },
  ],
  // the second period only replaces a first one that loaded: its own lifecycle is the first one's
  filterEvents: (snapshot, event) =>
    event.type !== 'ranking.show' ||
    event.period === 'this_week' ||
    (snapshot.context as RankingContext).rows.length > 0,
  expectedOutputs: ({ from, event, history }): Output[] =>
    loads(from, event, history)
      ? [
          {
            call: 'fetchRanking',
            input: event.type === 'ranking.show' ? { period: event.period } : shownAfter(history),
          },
        ]
      : [],
  describeState: (snapshot) => {
    const context = snapshot.context as RankingContext
    const facts = [
      context.request ? context.request.period : 'nothing asked',
      context.rows.length ? `${context.rows.length} row` : 'no rows',
      ...(context.failures ? [`${context.failures} failed in a row`] : []),
    ]
    return `${String(snapshot.value)} (${facts.join('; ')})`
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'ranking.show':
        return `the ${event.period} tab shows`
      case 'ranking.retry':
        return 'Retry'
      case 'xstate.done.actor.fetchRanking':
        return 'the ranking arrives'
      case 'xstate.error.actor.fetchRanking':
        return 'loading fails'
      default:
        return undefined
    }
  },
}
