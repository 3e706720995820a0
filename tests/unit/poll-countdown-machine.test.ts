import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { providePollCountdown } from '~/actors'
import { pollCountdownMachine, selectCountdown } from '~/machines/poll-countdown.machine'

const at = (iso: string) => Temporal.Instant.from(iso).epochMilliseconds
const settle = () => new Promise((resolve) => setImmediate(resolve))

function start(now: number, timeZone: string, hasOpenPoll = false) {
  const clock = new SimulatedClock()
  const actor = createActor(pollCountdownMachine, { input: { now, timeZone, hasOpenPoll }, clock }).start()
  return { actor, clock }
}

describe('the upcoming-poll countdown', () => {
  it('counts down each second to the next poll start in the local time zone', async () => {
    // Monday 07:59:58 in Berlin: the next poll starts at 08:00 local time
    const now = at('2025-03-03T06:59:58Z')
    const { actor, clock } = start(now, 'Europe/Berlin')
    expect(selectCountdown(actor.getSnapshot().context)).toEqual({
      nextStart: at('2025-03-03T07:00:00Z'),
      remainingMs: 2000,
    })
    clock.increment(999)
    await settle()
    expect(actor.getSnapshot().context.remainingMs).toBe(2000)
    clock.increment(1)
    await settle()
    expect(actor.getSnapshot().context.remainingMs).toBe(1000)
    for (const _ of [1, 2]) {
      clock.increment(1000)
      await settle()
    }
    // passed: on to the 14:00 poll
    expect(selectCountdown(actor.getSnapshot().context)).toEqual({
      nextStart: at('2025-03-03T13:00:00Z'),
      remainingMs: 6 * 3600_000 - 1000,
    })
  })

  it('takes the weekend time and the player’s own zone', () => {
    const saturdayNoonUtc = at('2025-03-08T12:00:00Z')
    expect(start(saturdayNoonUtc, 'UTC').actor.getSnapshot().context.nextStart).toBe(
      at('2025-03-08T14:30:00Z'),
    )
    expect(start(saturdayNoonUtc, 'Asia/Tokyo').actor.getSnapshot().context.nextStart).toBe(
      at('2025-03-09T05:30:00Z'),
    )
  })

  it('hides while a poll is open and counts again once none is', async () => {
    const now = at('2025-03-03T06:00:00Z')
    const { actor, clock } = start(now, 'UTC', true)
    expect(actor.getSnapshot().value).toBe('hidden')
    expect(selectCountdown(actor.getSnapshot().context)).toBeUndefined()
    clock.increment(5000)
    await settle()
    expect(actor.getSnapshot().context.now).toBe(now)
    actor.send({ type: 'polls.openChanged', hasOpenPoll: false, now: now + 10_000 })
    expect(actor.getSnapshot().value).toBe('counting')
    expect(actor.getSnapshot().context.remainingMs).toBe(2 * 3600_000 - 10_000)
  })

  it('counts down to the start the server announces, in the server’s zone, wherever the player is', async () => {
    // Sunday 12:00 UTC, the player in New York: their own 14:30 would be 18:30 UTC
    const now = at('2025-03-09T12:00:00Z')
    const { actor, clock } = start(now, 'America/New_York')
    expect(actor.getSnapshot().context.nextStart).toBe(at('2025-03-09T18:30:00Z'))
    // the server runs on Berlin: its 14:30 is 13:30 UTC
    actor.send({ type: 'polls.announced', startTime: at('2025-03-09T13:30:00Z'), timeZone: 'Europe/Berlin' })
    expect(selectCountdown(actor.getSnapshot().context)).toEqual({
      nextStart: at('2025-03-09T13:30:00Z'),
      remainingMs: 90 * 60_000,
    })
    // once it passed, the next one is worked out in the server's zone: Monday 02:00 Berlin
    for (let second = 0; second <= 90 * 60; second++) clock.increment(1000)
    await settle()
    expect(selectCountdown(actor.getSnapshot().context)).toEqual({
      nextStart: at('2025-03-10T01:00:00Z'),
      remainingMs: at('2025-03-10T01:00:00Z') - at('2025-03-09T13:30:01Z'),
    })
  })

  it('ignores an announced start that has passed (a stream kept from earlier) but takes its zone', () => {
    const now = at('2025-03-09T12:00:00Z')
    const { actor } = start(now, 'America/New_York')
    actor.send({ type: 'polls.announced', startTime: at('2025-03-08T13:30:00Z'), timeZone: 'Europe/Berlin' })
    expect(actor.getSnapshot().context.nextStart).toBe(at('2025-03-09T13:30:00Z'))
  })

  it('reads the real clock when provided, so a sleeping tab catches up', async () => {
    let now = at('2025-03-03T06:00:00Z')
    const clock = new SimulatedClock()
    const actor = createActor(
      providePollCountdown(pollCountdownMachine, () => now),
      {
        input: { now, timeZone: 'UTC' },
        clock,
      },
    ).start()
    now += 60_000
    clock.increment(1000)
    await settle()
    expect(actor.getSnapshot().context.remainingMs).toBe(2 * 3600_000 - 60_000)
  })
})
