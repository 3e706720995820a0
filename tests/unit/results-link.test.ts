import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { linkResults, type Notice } from '~/actors'
import { afterTitlesLoad } from '~/actors/game-links'
import type { Poll } from '~/api/polls'
import { initialPollsData, pollsMachine } from '~/machines/polls.machine'
import type { PollsData } from '~/machines/polls.types'
import type { TaggedMessagesData } from '~/machines/predictions.types'
import type { TitleInfo } from '~/machines/socket.types'
import type { StoreContext } from '~/machines/store.types'
import { taggedMessagesMachine } from '~/machines/tagged-messages.machine'
import { pollAt, taggedMessage } from '../support/game-fixtures'

const keepNothing = fromPromise<void, TaggedMessagesData>(async () => {})

/** A polls store as the link reads it, whose server list a test replaces. */
function pollsStore(first: PollsData['received']) {
  let data = { received: first } as PollsData
  const observers = new Set<(snapshot: { context: StoreContext<PollsData> }) => void>()
  const snapshot = () => ({ context: { data, loggedIn: true, failures: 0 } })
  return {
    getSnapshot: snapshot,
    subscribe(observer: (snapshot: { context: StoreContext<PollsData> }) => void) {
      observers.add(observer)
      return { unsubscribe: () => observers.delete(observer) }
    },
    set(received: PollsData['received']) {
      data = { ...data, received }
      for (const observer of observers) observer(snapshot())
    },
  }
}

describe('linkResults', () => {
  const titleName = (id: number) => (id === 1 ? 'Apple' : undefined)

  it('tells a prediction judged while the player plays, once', () => {
    const store = createActor(taggedMessagesMachine.provide({ actors: { saveStore: keepNothing } }), {
      input: { loggedIn: true },
    }).start()
    store.send({ type: 'predictions.added', prediction: taggedMessage('m1', { trend: 'Up', atPrice: 100 }) })
    const shown: Notice[] = []
    linkResults({ taggedMessages: store }, { notify: { show: (notice) => shown.push(notice) }, titleName })
    store.send({ type: 'predictions.added', prediction: taggedMessage('m2') })
    expect(shown).toEqual([])
    const judged = taggedMessage('m1', { trend: 'Up', atPrice: 100, evalPrice: 102, evaluatedAt: 9 })
    store.send({ type: 'predictions.stored', prediction: judged })
    store.send({ type: 'predictions.stored', prediction: judged })
    expect(shown.map((notice) => notice.message)).toEqual(['Apple: your Up call was right'])
  })

  it('waits for the titles to load before telling, so the notice names the title', () => {
    let titles: TitleInfo[] = []
    const observers = new Set<(snapshot: { context: StoreContext<readonly TitleInfo[]> }) => void>()
    const titleSnapshot = () => ({ context: { data: titles, loggedIn: true, failures: 0 } })
    const titleInfo = {
      getSnapshot: titleSnapshot,
      subscribe(observer: (snapshot: { context: StoreContext<readonly TitleInfo[]> }) => void) {
        observers.add(observer)
        return { unsubscribe: () => observers.delete(observer) }
      },
    }
    const store = createActor(taggedMessagesMachine.provide({ actors: { saveStore: keepNothing } }), {
      input: { loggedIn: true },
    }).start()
    store.send({ type: 'predictions.added', prediction: taggedMessage('m1', { trend: 'Up', atPrice: 100 }) })
    const shown: Notice[] = []
    const named = (id: number) => titles.find((title) => title.id === id)?.n
    linkResults(
      { taggedMessages: store },
      {
        notify: { show: (notice) => shown.push(notice) },
        titleName: named,
        whenTitlesKnown: afterTitlesLoad(titleInfo),
      },
    )
    store.send({
      type: 'predictions.stored',
      prediction: taggedMessage('m1', { trend: 'Up', atPrice: 100, evalPrice: 99, evaluatedAt: 9 }),
    })
    expect(shown).toEqual([])
    titles = [{ id: 1, n: 'Apple', currency: 'USD' }]
    for (const observer of observers) observer(titleSnapshot())
    for (const observer of observers) observer(titleSnapshot())
    expect(shown.map((notice) => notice.message)).toEqual(['Apple: your Up call was wrong'])
    expect(observers.size).toBe(0)
  })

  it("tells what was judged since the last visit: the device's copy against the first load", () => {
    const kept = [
      taggedMessage('m1'),
      taggedMessage('m2'),
      taggedMessage('m3', { evalPrice: 90, evaluatedAt: 1 }),
    ]
    const store = createActor(taggedMessagesMachine.provide({ actors: { saveStore: keepNothing } }), {
      input: { loggedIn: true },
    }).start()
    for (const prediction of kept) store.send({ type: 'predictions.added', prediction })
    const shown: Notice[] = []
    linkResults({ taggedMessages: store }, { notify: { show: (notice) => shown.push(notice) }, titleName })
    for (const [id, evalPrice] of [
      ['m1', 101],
      ['m2', 99],
    ] as const)
      store.send({
        type: 'predictions.stored',
        prediction: taggedMessage(id, { evalPrice, evaluatedAt: 5 }),
      })
    expect(shown.at(-1)).toMatchObject({ message: 'Apple: your Up call was wrong' })
    expect(shown[0]).toMatchObject({ message: 'Apple: your Up call was right', caption: 'You won +1.00 TTC' })
  })

  it('tells each bet the server settled', () => {
    const bet = { pollId: 7, userId: 5, vote: 'up' as const, ttcBet: 5, createdAt: 1, payout: null }
    const polls = pollsStore([pollAt(7, 1, 0, { votes: [bet] })])
    const shown: Notice[] = []
    linkResults({ polls }, { notify: { show: (notice) => shown.push(notice) }, titleName })
    polls.set([pollAt(7, 1, 0, { votes: [bet], phase: 'evaluated' })])
    expect(shown).toEqual([])
    const settled = pollAt(7, 1, 0, { outcome: 'up', settledAt: 9, votes: [{ ...bet, payout: 22.01 }] })
    polls.set([settled])
    polls.set([settled])
    expect(shown).toEqual([
      expect.objectContaining({ message: 'Apple poll: Up won', caption: 'Your Up bet paid +22.01 TTC' }),
    ])
  })

  it("tells a bet settled since the last visit, though the server's polls come before the titles", async () => {
    // the device kept the poll with the unpaid bet; the titles (which the shown polls need) load later
    const bet = { pollId: 7, userId: 5, vote: 'up' as const, ttcBet: 10, createdAt: 1, payout: null }
    const loads: ((polls: readonly Poll[]) => void)[] = []
    const polls = createActor(
      pollsMachine.provide({
        actors: {
          saveStore: fromPromise<void, PollsData>(async () => {}),
          loadStore: fromPromise<readonly Poll[]>(() => new Promise((resolve) => loads.push(resolve))),
        },
      }),
      { input: { loggedIn: true } },
    ).start()
    polls.send({
      type: 'store.restored',
      data: { ...initialPollsData, received: [pollAt(7, 1, 0, { votes: [bet] })] },
    })
    const shown: Notice[] = []
    linkResults({ polls }, { notify: { show: (notice) => shown.push(notice) }, titleName })
    polls.send({ type: 'store.initialize' })
    const settled = pollAt(7, 1, 0, { outcome: 'down', settledAt: 9, votes: [{ ...bet, payout: 0 }] })
    loads.at(-1)?.([settled])
    await new Promise((resolve) => setImmediate(resolve))
    polls.send({ type: 'titles.changed', titleIds: [1] })
    expect(shown).toEqual([
      expect.objectContaining({
        message: 'Apple poll: Down won',
        caption: 'Your Up bet of 10.00 TTC was lost',
      }),
    ])
  })
})
