import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { provideOlderPredictions } from '~/actors/older-predictions.actors'
import { endOfTimeMs, type PredictionHistory, type TaggedMessage } from '~/api/predictions'
import { listLoadTexts } from '~/machines/list-load-texts'
import {
  olderPredictionsMachine,
  selectMoreOlder,
  selectOlderAsked,
  selectOlderFailure,
  selectOlderFetching,
  selectOlderPredictions,
} from '~/machines/older-predictions.machine'
import { selectOlderPredictionsCursor } from '~/machines/tagged-messages.machine'
import { fakeNavigator, fakeNotifier } from '../support/client-fixtures'
import { memoryApi } from '../support/memory-api'

const settle = () => new Promise((resolve) => setImmediate(resolve))

const judged = (messageId: string, createdAt: number): TaggedMessage => ({
  userId: 1,
  titleId: 2494,
  messageId,
  trend: 'Up',
  atPrice: 99,
  evalPrice: 100,
  evaluatedAt: createdAt + 3 * 3_600_000,
  createdAt,
  rewardFactor: 1,
})

/** The actor answering each page with the next of `answers` (an Error fails the page); the cursors asked. */
function start(answers: (PredictionHistory | Error)[]) {
  const asked: string[] = []
  const machine = olderPredictionsMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: { before: string } }) => {
        asked.push(input.before)
        const answer = answers[asked.length - 1]
        if (!answer || answer instanceof Error) throw answer ?? new Error('no page')
        return answer
      }),
    },
  })
  const actor = createActor(machine, { input: { before: '1000' } }).start()
  const more = async () => {
    actor.send({ type: 'older.more' })
    await settle()
  }
  const read = () => {
    const snapshot = actor.getSnapshot()
    return {
      shown: selectOlderPredictions(snapshot).map((p) => p.messageId),
      asked: selectOlderAsked(snapshot),
      more: selectMoreOlder(snapshot),
      failure: selectOlderFailure(snapshot),
    }
  }
  return { actor, more, read, asked }
}

describe("Your Predictions' older pages", () => {
  it('asks for nothing until the player does, then a page per ask from the cursor the last one gave', async () => {
    const { more, read, asked } = start([
      { predictions: [judged('a', 900), judged('b', 800)], next: '800:2494:b' },
      { predictions: [judged('c', 700)], next: null },
    ])
    expect(read()).toEqual({ shown: [], asked: false, more: true, failure: undefined })
    expect(asked).toEqual([])
    await more()
    expect(read()).toEqual({ shown: ['a', 'b'], asked: true, more: true, failure: undefined })
    await more()
    // the last page: nothing more to ask
    expect(read()).toEqual({ shown: ['a', 'b', 'c'], asked: true, more: false, failure: undefined })
    expect(asked).toEqual(['1000', '800:2494:b'])
  })

  it('keeps the pages shown when one fails, says so, and asks the same page again on retry', async () => {
    const { actor, more, read, asked } = start([
      { predictions: [judged('a', 900)], next: '900:2494:a' },
      new Error('offline'),
      { predictions: [judged('b', 800)], next: null },
    ])
    await more()
    actor.send({ type: 'older.more' })
    expect(selectOlderFetching(actor.getSnapshot())).toBe(true)
    await settle()
    expect(read()).toEqual({ shown: ['a'], asked: true, more: true, failure: listLoadTexts.predictions })
    await more()
    expect(read()).toEqual({ shown: ['a', 'b'], asked: true, more: false, failure: undefined })
    expect(asked).toEqual(['1000', '900:2494:a', '900:2494:a'])
  })

  it('says there are none when the first page is empty', async () => {
    const { more, read } = start([{ predictions: [], next: null }])
    await more()
    expect(read()).toEqual({ shown: [], asked: true, more: false, failure: undefined })
  })

  it('starts before the oldest prediction the store holds, or before the end of time without any', () => {
    const data = (messages: TaggedMessage[]) =>
      ({ data: { messages, rewardFactor: 1, statuses: {} }, loggedIn: true, failures: 0 }) as Parameters<
        typeof selectOlderPredictionsCursor
      >[0]
    expect(selectOlderPredictionsCursor(data([judged('new', 900), judged('old', 500)]))).toBe('500:2494:old')
    expect(selectOlderPredictionsCursor(data([]))).toBe(String(endOfTimeMs))
  })

  it('asks the server for the page through the history call', async () => {
    const queries: unknown[] = []
    const { api } = memoryApi({
      predictionHistory: ({ query }) => {
        queries.push(query)
        return { predictions: [judged('a', 900)], next: null }
      },
    })
    const deps = { api, navigate: fakeNavigator().navigator, notify: fakeNotifier().notifier }
    const actor = createActor(provideOlderPredictions(olderPredictionsMachine, deps), {
      input: { before: '1000' },
    }).start()
    actor.send({ type: 'older.more' })
    await vi.waitFor(() =>
      expect(selectOlderPredictions(actor.getSnapshot()).map((p) => p.messageId)).toEqual(['a']),
    )
    expect(queries).toEqual([{ before: '1000', limit: 50 }])
  })
})
