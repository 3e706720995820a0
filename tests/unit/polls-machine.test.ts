import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { OwnVote, Poll } from '~/api/polls'
import { pollsMachine, selectHasBet, selectHasOpenPoll, selectPolls } from '~/machines/polls.machine'
import { hour, noResults, pollAt } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** The polls store, logged in, with loads the test answers. */
function start() {
  const loads: { resolve(polls: Poll[]): void; reject(error: Error): void }[] = []
  const machine = pollsMachine.provide({
    actors: {
      loadStore: fromPromise<readonly Poll[]>(
        () => new Promise((resolve, reject) => loads.push({ resolve, reject })),
      ),
    },
  })
  const actor = createActor(machine, { input: { loggedIn: true } }).start()
  const load = async (polls: Poll[]) => {
    actor.send({ type: 'store.initialize', force: true })
    loads.at(-1)?.resolve(polls)
    await settle()
  }
  return { actor, load, loads }
}

const bet = (pollId: number): OwnVote => ({
  pollId,
  userId: 5,
  vote: 'up',
  ttcBet: 10,
  createdAt: 1,
  payout: null,
})
const ids = (polls: readonly Poll[]) => polls.map((poll) => poll.pollId)

describe('the polls store', () => {
  it('keeps the newest 50 polls of known titles, by end time', async () => {
    const { actor, load } = start()
    actor.send({ type: 'titles.changed', titleIds: [1] })
    actor.send({ type: 'store.initialize' })
    const polls = [
      ...Array.from({ length: 55 }, (_, i) => pollAt(i + 1, 1, i * hour)),
      pollAt(99, 2, 100 * hour),
    ]
    await load(polls)
    const kept = selectPolls(actor.getSnapshot().context)
    expect(kept).toHaveLength(50)
    expect(kept[0]?.pollId).toBe(55)
    expect(kept.some((poll) => poll.pollId === 99)).toBe(false)
  })

  it('shows the polls of titles that become known later', async () => {
    const { actor, load } = start()
    await load([pollAt(1, 1, 0), pollAt(2, 2, 0)])
    expect(selectPolls(actor.getSnapshot().context)).toEqual([])
    actor.send({ type: 'titles.changed', titleIds: [2] })
    expect(ids(selectPolls(actor.getSnapshot().context))).toEqual([2])
  })

  it('takes the phase by the client clock, not the server’s word', async () => {
    const { actor, load } = start()
    actor.send({ type: 'titles.changed', titleIds: [1] })
    await load([pollAt(1, 1, 0, { phase: 'evaluated' })])
    const context = () => actor.getSnapshot().context
    expect(selectPolls(context())[0]?.phase).toBe('open')
    expect(selectHasOpenPoll(context())).toBe(true)
    actor.send({ type: 'clock.ticked', now: 2 * hour })
    expect(ids(selectPolls(context(), 'closed'))).toEqual([1])
    expect(selectHasOpenPoll(context())).toBe(false)
    actor.send({ type: 'clock.ticked', now: 6 * hour })
    expect(ids(selectPolls(context(), 'evaluated'))).toEqual([1])
    expect(selectPolls(context(), 'open')).toEqual([])
  })

  it('shows a bet at once, keeps it through reloads until the server lists it, then the server’s', async () => {
    const { actor, load } = start()
    actor.send({ type: 'titles.changed', titleIds: [1] })
    await load([pollAt(1, 1, 0)])
    actor.send({ type: 'polls.betAdded', vote: bet(1) })
    const context = () => actor.getSnapshot().context
    expect(selectPolls(context())[0]?.votes).toEqual([bet(1)])
    expect(selectHasBet(context(), 1)).toBe(true)

    // sending failed: the bet stays, also when the server's list comes without it
    await load([pollAt(1, 1, 0)])
    expect(selectPolls(context())[0]?.votes).toEqual([bet(1)])

    const serverVote = { ...bet(1), createdAt: 2 }
    await load([pollAt(1, 1, 0, { votes: [serverVote] })])
    expect(selectPolls(context())[0]?.votes).toEqual([serverVote])
    expect(context().data.localVotes).toEqual([])
  })

  it('ignores a second bet on a poll, and stores the results of a sent one', async () => {
    const { actor, load } = start()
    actor.send({ type: 'titles.changed', titleIds: [1] })
    await load([pollAt(1, 1, 0)])
    actor.send({ type: 'polls.betAdded', vote: bet(1) })
    actor.send({ type: 'polls.betAdded', vote: { ...bet(1), vote: 'down' } })
    expect(actor.getSnapshot().context.data.localVotes).toEqual([bet(1)])
    const results = { ...noResults, numUsersBetUp: 1, totalTtcBet: 10, ttcBetUp: 10 }
    actor.send({ type: 'polls.resultsReceived', pollId: 1, results })
    const [poll] = selectPolls(actor.getSnapshot().context)
    expect(poll).toMatchObject({ results, votes: [bet(1)] })
    expect(actor.getSnapshot().context.data.localVotes).toEqual([])
  })

  it('keeps clock, titles and unsent bets through a reset; a logout drops the bets', async () => {
    const { actor, load } = start()
    actor.send({ type: 'titles.changed', titleIds: [1] })
    actor.send({ type: 'clock.ticked', now: 5 })
    await load([pollAt(1, 1, 0)])
    actor.send({ type: 'polls.betAdded', vote: bet(1) })
    actor.send({ type: 'store.reset' })
    expect(actor.getSnapshot()).toMatchObject({
      value: 'uninitialized',
      context: { data: { polls: [], received: [], localVotes: [bet(1)], now: 5, titleIds: [1] } },
    })
    actor.send({ type: 'session.changed', loggedIn: false })
    expect(actor.getSnapshot().context.data).toMatchObject({ localVotes: [], now: 5, titleIds: [1] })
  })
})
