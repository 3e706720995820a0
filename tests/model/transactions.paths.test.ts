import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { transactionsMachine } from '../../src/machines/account-loaders.machine'
import { selectLoaded, selectLoaderStatus, selectLoadFailure } from '../../src/machines/loader.machine'
import { generatePaths, isAfterEvent, pathTitle } from './paths'
import { type PathHarness, replayPath } from './replay'
import { transactionsModel } from './transactions.model'

/** What loaded last and whether the last load failed, from the events alone. */
function expectedAfter(events: readonly AnyEventObject[]) {
  let data: readonly unknown[] | undefined
  let failed = false
  for (const event of events) {
    if (event.type === 'xstate.done.actor.load') [data, failed] = [event.output, false]
    if (event.type === 'xstate.error.actor.load') failed = true
  }
  return { data, failed }
}

const harness: PathHarness = {
  provide: ({ stub }) => transactionsMachine.provide({ actors: { load: stub('load') as never } }),
  checkState: (snapshot, { event, history }) => {
    const { data, failed } = expectedAfter([...history, event])
    const typed = snapshot as Parameters<typeof selectLoaderStatus>[0]
    expect(selectLoaded(typed)).toEqual(data)
    // the failure text stays while a retry runs, so no skeleton flashes between the tries
    expect(selectLoadFailure(typed)).toBe(failed ? 'Error fetching transactions!' : undefined)
    const shown = (data?.length ?? 0) > 0
    const status = failed
      ? shown
        ? 'refreshFailed'
        : 'failed'
      : shown
        ? 'ready'
        : snapshot.value === 'loaded'
          ? 'empty'
          : 'loading'
    expect(selectLoaderStatus(typed)).toBe(status)
  },
}

describe(`${transactionsModel.name} paths`, () => {
  const paths = generatePaths(transactionsModel)

  it('retry a failed load on Retry and after the background delays', () => {
    const events = paths.flatMap((path) => path.steps.map((step) => step.event))
    expect(events.map((event) => event.type)).toContain('loader.reload')
    expect(events.some(isAfterEvent)).toBe(true)
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(transactionsModel, path)}`, () =>
      replayPath(transactionsModel, harness, path))
  }
})
