import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { type Champion, championPlaceholders, toRecentChampions } from '~/domain/champions'
import { recentChampionsMachine } from '~/machines/recent-champions.machine'
import { createStoreMachine } from '~/machines/store.machine'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** A store of numbers whose loads the test settles one by one. */
function start(loggedIn: boolean) {
  const loads: { resolve(data: number[]): void; reject(error: Error): void }[] = []
  const machine = createStoreMachine<number[]>({ id: 'numbers', initialData: [] }).provide({
    actors: {
      loadStore: fromPromise<number[]>(
        () => new Promise((resolve, reject) => loads.push({ resolve, reject })),
      ),
    },
  })
  const actor = createActor(machine, { input: { loggedIn } }).start()
  return { actor, loads }
}

describe('the store lifecycle', () => {
  it('does not load while logged out', () => {
    const { actor, loads } = start(false)
    actor.send({ type: 'store.initialize' })
    actor.send({ type: 'store.initialize', force: true })
    expect(actor.getSnapshot().value).toBe('uninitialized')
    expect(loads).toHaveLength(0)
  })

  it('loads once when logged in; a second initialize is ignored unless forced', async () => {
    const { actor, loads } = start(true)
    actor.send({ type: 'store.initialize' })
    actor.send({ type: 'store.initialize' })
    expect(actor.getSnapshot().value).toBe('loading')
    loads[0]?.resolve([1, 2])
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'ready', context: { data: [1, 2] } })
    actor.send({ type: 'store.initialize' })
    expect(loads).toHaveLength(1)
    actor.send({ type: 'store.initialize', force: true })
    expect(actor.getSnapshot()).toMatchObject({ value: 'loading', context: { data: [1, 2] } })
    loads[1]?.resolve([3])
    await settle()
    expect(actor.getSnapshot().context.data).toEqual([3])
  })

  it('fails, and loads again on the next initialize', async () => {
    const { actor, loads } = start(true)
    actor.send({ type: 'store.initialize' })
    const failure = new Error('down')
    loads[0]?.reject(failure)
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: failure } })
    actor.send({ type: 'store.initialize' })
    loads[1]?.resolve([1])
    await settle()
    expect(actor.getSnapshot()).toMatchObject({ value: 'ready', context: { data: [1], error: undefined } })
  })

  it('goes back to its initial data on reset and on logout, and loads after the next login', async () => {
    const { actor, loads } = start(true)
    actor.send({ type: 'store.initialize' })
    loads[0]?.resolve([1])
    await settle()
    actor.send({ type: 'store.reset' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'uninitialized', context: { data: [] } })
    actor.send({ type: 'store.initialize' })
    actor.send({ type: 'session.changed', loggedIn: false })
    expect(actor.getSnapshot()).toMatchObject({
      value: 'uninitialized',
      context: { data: [], loggedIn: false },
    })
    loads[1]?.resolve([9])
    await settle()
    expect(actor.getSnapshot().context.data).toEqual([])
    actor.send({ type: 'store.initialize' })
    expect(actor.getSnapshot().value).toBe('uninitialized')
    actor.send({ type: 'session.changed', loggedIn: true })
    actor.send({ type: 'store.initialize' })
    expect(actor.getSnapshot().value).toBe('loading')
  })
})

describe('recent champions', () => {
  const ranking: Champion[] = [
    { rank: 2, userId: 6, username: 'bob', points: 8 },
    { rank: 4, userId: 9, username: 'dave', points: 1 },
    { rank: 1, userId: 5, username: 'alice', points: 12 },
    { rank: 3, userId: 7, username: 'carol', points: 4 },
  ]

  it('start as three placeholders holding only a rank', () => {
    const actor = createActor(recentChampionsMachine, { input: {} }).start()
    expect(actor.getSnapshot().context.data).toEqual([{ rank: 1 }, { rank: 2 }, { rank: 3 }])
  })

  it("hold last week's top three by ascending rank once loaded", async () => {
    const machine = recentChampionsMachine.provide({
      actors: { loadStore: fromPromise<readonly Champion[]>(async () => ranking) },
    })
    const actor = createActor(machine, { input: { loggedIn: true } }).start()
    actor.send({ type: 'store.initialize' })
    await settle()
    expect(actor.getSnapshot().context.data.map((champion) => champion.username)).toEqual([
      'alice',
      'bob',
      'carol',
    ])
  })

  it('keep placeholders for ranks nobody reached, and shared ranks', () => {
    expect(toRecentChampions([])).toEqual(championPlaceholders)
    expect(toRecentChampions([{ rank: 1, username: 'alice' }])).toEqual([
      { rank: 1, username: 'alice' },
      { rank: 2 },
      { rank: 3 },
    ])
    const tied = toRecentChampions([
      { rank: 2, username: 'c' },
      { rank: 1, username: 'a' },
      { rank: 2, username: 'b' },
      { rank: 4, username: 'd' },
    ])
    expect(tied.map((champion) => champion.rank)).toEqual([1, 2, 2])
  })
})
