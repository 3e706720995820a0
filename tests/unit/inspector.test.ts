import { describe, expect, it } from 'vitest'
import { createActor, createMachine, type InspectionEvent } from 'xstate'
import { inspectorFor, isInspectorOn } from '~/actors/inspector'

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('the Stately inspector', () => {
  it('is on in development with ?inspect in the address, and off otherwise', () => {
    expect(isInspectorOn({ dev: true, search: '?inspect' })).toBe(true)
    expect(isInspectorOn({ dev: true, search: '?tab=open&inspect=1' })).toBe(true)
    expect(isInspectorOn({ dev: true, search: '' })).toBe(false)
    expect(isInspectorOn({ dev: true, search: '?inspector' })).toBe(false)
    expect(isInspectorOn({ dev: false, search: '?inspect' })).toBe(false)
    expect(inspectorFor({ dev: false, search: '?inspect' }, () => Promise.reject(new Error('loaded')))).toBe(
      undefined,
    )
  })

  it('loads lazily and hands over what happened before it loaded', async () => {
    const seen: InspectionEvent[] = []
    let loads = 0
    const inspect = inspectorFor({ dev: true, search: '?inspect' }, async () => {
      loads += 1
      return { inspect: { next: (event: InspectionEvent) => void seen.push(event) } }
    })
    const actor = createActor(createMachine({ initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } }), {
      inspect,
    }).start()
    expect(seen).toEqual([])
    await settle()
    actor.send({ type: 'go' })
    expect(loads).toBe(1)
    expect(seen.map((event) => event.type)).toEqual(
      expect.arrayContaining(['@xstate.actor', '@xstate.event', '@xstate.snapshot']),
    )
    expect(seen.filter((event) => event.type === '@xstate.event').map((event) => event.event.type)).toEqual([
      'xstate.init',
      'go',
    ])
    actor.stop()
  })
})
