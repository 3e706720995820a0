import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { dismissedAnnouncementIn, provideAnnouncement } from '~/actors/announcement.actors'
import type { Announcement } from '~/api/announcements'
import {
  type AnnouncementInput,
  announcementDismissedKey,
  announcementMachine,
  announcementPollMs,
  selectShownAnnouncement,
} from '~/machines/announcement.machine'
import { memoryApi } from '../support/memory-api'

const settle = () => new Promise((resolve) => setImmediate(resolve))
const maintenance: Announcement = { id: 7, text: 'Maintenance at 22:00', createdAt: 1, endsAt: null }
const season: Announcement = { id: 8, text: 'Season 2 starts on Monday', createdAt: 2, endsAt: null }

/** The banner's actor answering each ask with the next of `answers` (an Error fails the ask). */
function start(answers: (Announcement | null | Error)[], input: AnnouncementInput = {}) {
  const clock = new SimulatedClock()
  const remembered: number[] = []
  let asks = 0
  const machine = announcementMachine.provide({
    actors: {
      fetchAnnouncement: fromPromise(async () => {
        const answer = answers[Math.min(asks, answers.length - 1)]
        asks += 1
        if (answer instanceof Error) throw answer
        return answer ?? null
      }),
    },
    actions: { rememberDismissed: (_, { id }) => remembered.push(id) },
  })
  const actor = createActor(machine, { clock, input }).start()
  const shown = () => selectShownAnnouncement(actor.getSnapshot())?.text
  const nextMinute = async () => {
    clock.increment(announcementPollMs)
    await settle()
  }
  return { actor, shown, nextMinute, remembered, asks: () => asks }
}

describe("the operator's announcement", () => {
  it('shows the current one at once, then asks once a minute and follows the changes', async () => {
    const { shown, nextMinute, asks } = start([maintenance, season, null])
    await settle()
    expect(shown()).toBe('Maintenance at 22:00')
    await nextMinute()
    expect(shown()).toBe('Season 2 starts on Monday')
    await nextMinute()
    expect(shown()).toBeUndefined()
    expect(asks()).toBe(3)
  })

  it('hides one the player dismissed, remembers it, and shows a newer one again', async () => {
    const { actor, shown, nextMinute, remembered } = start([maintenance, maintenance, season])
    await settle()
    actor.send({ type: 'announcement.dismiss' })
    expect(shown()).toBeUndefined()
    expect(remembered).toEqual([7])
    await nextMinute()
    expect(shown()).toBeUndefined()
    await nextMinute()
    expect(shown()).toBe('Season 2 starts on Monday')
  })

  it('starts with the one this browser dismissed before hidden', async () => {
    const { shown, actor, remembered } = start([maintenance], { dismissedId: 7 })
    await settle()
    expect(shown()).toBeUndefined()
    // nothing shown: nothing to dismiss
    actor.send({ type: 'announcement.dismiss' })
    expect(remembered).toEqual([])
  })

  it('keeps what it showed when an ask fails, and asks again a minute later', async () => {
    const { shown, nextMinute, asks } = start([maintenance, new Error('offline'), null])
    await settle()
    await nextMinute()
    expect(shown()).toBe('Maintenance at 22:00')
    await nextMinute()
    expect(shown()).toBeUndefined()
    expect(asks()).toBe(3)
  })
})

describe('the announcement effects', () => {
  it('read the server’s answer and keep the dismissed id in the storage', async () => {
    const stored = new Map<string, string>()
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    }
    const { api } = memoryApi({ announcement: () => ({ announcement: maintenance }) })
    const actor = createActor(provideAnnouncement(announcementMachine, { api, storage }), {
      input: {},
    }).start()
    await settle()
    expect(selectShownAnnouncement(actor.getSnapshot())?.id).toBe(7)
    actor.send({ type: 'announcement.dismiss' })
    expect(stored.get(announcementDismissedKey)).toBe('7')
    expect(dismissedAnnouncementIn(storage)).toBe(7)
    actor.stop()
    // the next start restores it: nothing shown
    const again = createActor(provideAnnouncement(announcementMachine, { api, storage }), {
      input: {},
    }).start()
    await settle()
    expect(selectShownAnnouncement(again.getSnapshot())).toBeUndefined()
    again.stop()
    stored.set(announcementDismissedKey, 'not an id')
    expect(dismissedAnnouncementIn(storage)).toBeUndefined()
  })
})
