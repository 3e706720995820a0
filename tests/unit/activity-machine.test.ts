import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { ActivityElement } from '~/domain/activity-grouping'
import { activityMachine, selectActivityGroups } from '~/machines/activity.machine'

const settle = () => new Promise((resolve) => setImmediate(resolve))
const hour = 3600_000

describe('the activity stream store', () => {
  it('holds the loaded elements grouped: same type within an hour, evaluated apart, at most 20', async () => {
    const elements: ActivityElement[] = [
      { type: 'Vote', timestamp: 100 * hour, data: 1 },
      { type: 'Vote', timestamp: 100 * hour - 30 * 60_000, data: 2 },
      { type: 'TaggedMessage', timestamp: 99 * hour, data: 3, evaluationTime: 102 * hour, evalPrice: null },
      { type: 'TaggedMessage', timestamp: 98.5 * hour, data: 4, evaluationTime: 98.5 * hour, evalPrice: 10 },
      ...Array.from(
        { length: 30 },
        (_, i): ActivityElement => ({
          type: i % 2 ? 'Poll' : 'PollAnnouncement',
          timestamp: (50 - i) * hour,
          data: i,
        }),
      ),
    ]
    const actor = createActor(
      activityMachine.provide({
        actors: { loadStore: fromPromise<readonly ActivityElement[]>(async () => elements) },
      }),
      {
        input: { loggedIn: true },
      },
    ).start()
    actor.send({ type: 'store.initialize' })
    await settle()
    const groups = selectActivityGroups(actor.getSnapshot().context)
    expect(groups).toHaveLength(20)
    expect(groups.slice(0, 3).map((g) => [g.type, g.elements.length])).toEqual([
      ['Vote', 2],
      ['TaggedMessagePredicted', 1],
      ['TaggedMessageEvaluated', 1],
    ])
  })
})
