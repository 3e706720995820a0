import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { IncomingMessage } from '~/domain/live-stream'
import { liveStreamMachine } from '~/machines/live-stream.machine'
import type { MissingTicksReport } from '~/machines/live-stream.types'
import type { Notice } from '~/machines/notices'
import { serverMessage } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))

/** The live stream, logged in, knowing titles 1 to 3 with prices for 1 and 2. */
function start(answer: () => Promise<readonly IncomingMessage[]>) {
  const notices: Notice[] = []
  const reports: MissingTicksReport[] = []
  let fetches = 0
  const machine = liveStreamMachine.provide({
    actors: {
      fetchMessages: fromPromise(() => {
        fetches += 1
        return answer()
      }),
    },
    actions: {
      notify: (_, notice) => notices.push(notice),
      reportError: (_, report) => reports.push(report),
    },
  })
  const actor = createActor(machine, { input: { loggedIn: true } }).start()
  actor.send({ type: 'titles.changed', titleIds: [1, 2, 3] })
  actor.send({ type: 'prices.changed', titleIds: [1, 2] })
  return { actor, notices, reports, fetches: () => fetches }
}

const ids = (actor: { getSnapshot(): { context: { messages: readonly { id: string }[] } } }) =>
  actor.getSnapshot().context.messages.map((message) => message.id)
const untickedTitle = [{ title_id: 3, start_index: 0, end_index: 1 }]

describe('the live stream', () => {
  it('loads the untagged messages, reporting those whose title has no tick', async () => {
    const { actor, notices, reports } = start(async () => [
      serverMessage('m1', { t: 1 }),
      serverMessage('m2', { t: 2 }),
      serverMessage('m3', { titles: untickedTitle }),
      serverMessage('m4', { twitter_user: null }),
    ])
    actor.send({ type: 'store.initialize' })
    await settle()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(ids(actor)).toEqual(['m2', 'm1'])
    expect(reports).toEqual([{ message: 'Missing tick', missing: [{ messageId: 'm3', titleId: 3 }] }])
    expect(notices).toEqual([])
  })

  it('holds what it loaded before any tick price is known, and shows it with the first prices', async () => {
    const { actor, reports, notices } = start(async () => [
      serverMessage('m1', { t: 1 }),
      serverMessage('m3', { t: 3, titles: untickedTitle }),
    ])
    // signed in: the load answers before the socket's subscribe answer brings the first prices
    actor.send({ type: 'prices.changed', titleIds: [] })
    actor.send({ type: 'store.initialize' })
    await settle()
    expect(actor.getSnapshot().value).toBe('awaitingPrices')
    expect(ids(actor)).toEqual([])
    expect(reports).toEqual([])

    actor.send({ type: 'prices.changed', titleIds: [1, 2] })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(ids(actor)).toEqual(['m1'])
    expect(actor.getSnapshot().context.fetched).toBeUndefined()
    expect(reports).toEqual([{ message: 'Missing tick', missing: [{ messageId: 'm3', titleId: 3 }] }])
    expect(notices).toEqual([])

    // a logout while waiting forgets what was held
    actor.send({ type: 'prices.changed', titleIds: [] })
    actor.send({ type: 'store.initialize', force: true })
    await settle()
    expect(actor.getSnapshot().value).toBe('awaitingPrices')
    actor.send({ type: 'session.changed', loggedIn: false })
    expect(actor.getSnapshot()).toMatchObject({ value: 'uninitialized', context: { messages: [] } })
    expect(actor.getSnapshot().context.fetched).toBeUndefined()
  })

  it('says when nothing relevant came, and warns when fetching fails', async () => {
    const empty = start(async () => [serverMessage('m4', { titles: [] })])
    empty.actor.send({ type: 'store.initialize' })
    await settle()
    expect(empty.notices).toEqual([
      { kind: 'negative', message: 'Error: Could not fetch any relevant messages!' },
    ])

    const failing = start(async () => {
      throw new Error('timeout')
    })
    failing.actor.send({ type: 'store.initialize' })
    await settle()
    expect(failing.actor.getSnapshot().value).toBe('failed')
    expect(failing.notices).toEqual([{ kind: 'warning', message: 'Error fetching messages!' }])
  })

  it('loads only when logged in, and again only when forced', async () => {
    const { actor, fetches } = start(async () => [serverMessage('m1')])
    actor.send({ type: 'session.changed', loggedIn: false })
    actor.send({ type: 'store.initialize' })
    expect(fetches()).toBe(0)
    actor.send({ type: 'session.changed', loggedIn: true })
    actor.send({ type: 'store.initialize' })
    await settle()
    actor.send({ type: 'store.initialize' })
    expect(fetches()).toBe(1)
    actor.send({ type: 'store.initialize', force: true })
    await settle()
    expect(fetches()).toBe(2)
  })

  it('adds pushes of type tweets in front; other pushes and unticked ones stay out', async () => {
    const { actor, reports } = start(async () => [serverMessage('m1', { t: 1 })])
    actor.send({ type: 'store.initialize' })
    await settle()
    actor.send({ type: 'liveStream.pushed', message: { ...serverMessage('p1', { t: 5 }), type: 'tweets' } })
    actor.send({ type: 'liveStream.pushed', message: { ...serverMessage('p2', { t: 6 }), type: 'news' } })
    actor.send({
      type: 'liveStream.pushed',
      message: { ...serverMessage('p3', { t: 7, titles: untickedTitle }), type: 'tweets' },
    })
    expect(ids(actor)).toEqual(['p1', 'm1'])
    expect(reports).toEqual([{ message: 'Missing tick', missing: [{ messageId: 'p3', titleId: 3 }] }])
  })

  it('drops messages once tagged, and leaves tagged ones out of later loads', async () => {
    const { actor } = start(async () => [serverMessage('m1', { t: 1 }), serverMessage('m2', { t: 2 })])
    actor.send({ type: 'store.initialize' })
    await settle()
    actor.send({ type: 'predictions.changed', messageIds: ['m2'] })
    expect(ids(actor)).toEqual(['m1'])
    actor.send({ type: 'store.initialize', force: true })
    await settle()
    expect(ids(actor)).toEqual(['m1'])
  })

  it('empties on reset and logout', async () => {
    const { actor } = start(async () => [serverMessage('m1')])
    actor.send({ type: 'store.initialize' })
    await settle()
    actor.send({ type: 'store.reset' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'uninitialized', context: { messages: [] } })
    expect(actor.getSnapshot().context.titleIds).toEqual([1, 2, 3])
  })
})
