import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import {
  rankingMachine,
  selectRankingLoadStatus,
  selectRankingRows,
} from '../../src/machines/ranking.machine'
import { generatePaths, isAfterEvent, pathTitle } from './paths'
import { rankingModel } from './ranking.model'
import { type PathHarness, replayPath } from './replay'

/** The rows of the shown period and whether its last load failed, from the events alone. */
function expectedAfter(events: readonly AnyEventObject[]) {
  let rows: readonly unknown[] = []
  let failed = false
  let shown: string | undefined
  for (const event of events) {
    if (event.type === 'ranking.show' && event.period !== shown)
      [shown, rows, failed] = [event.period, [], false]
    if (event.type === 'xstate.done.actor.fetchRanking') [rows, failed] = [event.output, false]
    if (event.type === 'xstate.error.actor.fetchRanking') failed = true
  }
  return { rows, failed }
}

const harness: PathHarness = {
  provide: ({ stub }) => rankingMachine.provide({ actors: { fetchRanking: stub('fetchRanking') as never } }),
  checkState: (snapshot, { event, history }) => {
    const { rows, failed } = expectedAfter([...history, event])
    const typed = snapshot as Parameters<typeof selectRankingRows>[0]
    expect(selectRankingRows(typed)).toEqual(rows)
    const loaded = rows.length > 0
    const settled = snapshot.value === 'loaded'
    expect(selectRankingLoadStatus(typed)).toBe(
      failed ? (loaded ? 'refreshFailed' : 'failed') : loaded ? 'ready' : settled ? 'empty' : 'loading',
    )
  },
}

describe(`${rankingModel.name} paths`, () => {
  const paths = generatePaths(rankingModel)

  it('retry a failed load on Retry and after the background delays', () => {
    const events = paths.flatMap((path) => path.steps.map((step) => step.event))
    expect(events.map((event) => event.type)).toContain('ranking.retry')
    expect(events.some(isAfterEvent)).toBe(true)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(rankingModel, path)}`, () => replayPath(rankingModel, harness, path))
  }
})
