import { describe, expect, it } from 'vitest'
import { assign, createActor, createMachine } from 'xstate'
import { batchClock, batched, feedBatchMs, frameBatched } from '../../../../src/views/stream/frame-batched'

const counter = createMachine({
  types: {} as { context: { count: number }; events: { type: 'inc' } },
  context: { count: 0 },
  on: { inc: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
})

/** A batch clock the test runs by hand: the waits it asked for, and `frame()` to take the batch. */
function manualClock() {
  const waits: number[] = []
  const due: (() => void)[] = []
  const time = { now: 0 }
  const clock = batchClock({
    schedule: (flush, waitMs) => {
      waits.push(waitMs)
      due.push(flush)
    },
    now: () => time.now,
  })
  const frame = () => {
    for (const flush of due.splice(0)) flush()
  }
  return { clock, waits, time, frame }
}

describe('frameBatched: the live stream views read the stream and the prices in batches', () => {
  it('tells its views once per batch, with the newest snapshot, however many changes came', () => {
    const actor = createActor(counter).start()
    const { clock, waits, time, frame } = manualClock()
    const reading = frameBatched(actor, clock)
    const heard: number[] = []
    reading.subscribe((snapshot) => heard.push(snapshot.context.count))

    for (let i = 0; i < 5; i += 1) actor.send({ type: 'inc' })
    expect(heard).toEqual([])
    // between batches the views keep reading what they were last told
    expect(reading.getSnapshot().context.count).toBe(0)
    expect(waits).toEqual([0]) // after a quiet spell: the next frame
    frame()
    expect(heard).toEqual([5])
    expect(reading.getSnapshot().context.count).toBe(5)

    // the next change waits out the rest of the interval
    time.now = 30
    actor.send({ type: 'inc' })
    actor.send({ type: 'inc' })
    expect(waits).toEqual([0, feedBatchMs - 30])
    frame()
    expect(heard).toEqual([5, 7])
  })

  it('takes the changes of all the readings of a clock in the same batch', () => {
    const stream = createActor(counter).start()
    const prices = createActor(counter).start()
    const { clock, waits, frame } = manualClock()
    const heard: string[] = []
    frameBatched(stream, clock).subscribe((snapshot) => heard.push(`stream ${snapshot.context.count}`))
    frameBatched(prices, clock).subscribe((snapshot) => heard.push(`prices ${snapshot.context.count}`))
    stream.send({ type: 'inc' })
    prices.send({ type: 'inc' })
    prices.send({ type: 'inc' })
    expect(waits).toHaveLength(1)
    frame()
    expect(heard).toEqual(['stream 1', 'prices 2'])
  })

  it('answers the actor itself while unread, and stops following it when its last view leaves', () => {
    const actor = createActor(counter).start()
    const { clock, waits, frame } = manualClock()
    const reading = frameBatched(actor, clock)
    actor.send({ type: 'inc' })
    expect(reading.getSnapshot().context.count).toBe(1)

    const heard: number[] = []
    const first = reading.subscribe({ next: (snapshot) => heard.push(snapshot.context.count) })
    const second = reading.subscribe(() => heard.push(-1))
    first.unsubscribe()
    second.unsubscribe()
    actor.send({ type: 'inc' })
    expect(waits).toEqual([])
    frame()
    expect(heard).toEqual([])
    expect(reading.getSnapshot().context.count).toBe(2)
  })

  it('is shared: every view of an actor reads through one batch', () => {
    const actor = createActor(counter).start()
    expect(batched(actor)).toBe(batched(actor))
    expect(batched(actor)).not.toBe(batched(createActor(counter).start()))
  })
})
