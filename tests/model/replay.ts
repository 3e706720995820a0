import { expect } from 'vitest'
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  fromPromise,
  SimulatedClock,
} from 'xstate'
import {
  delayOf,
  isAfterEvent,
  type ModelPath,
  type Output,
  type PathModel,
  type StepInfo,
  snapshotKey,
} from './paths'

/** What the replay hands the harness to build the provided machine. */
export interface Effects {
  /** records an output of the step being replayed */
  record(output: Output): void
  /**
   * A stand-in for the invoked actor `src`: records `{ call: src, input }` when started and settles
   * when the path's `xstate.done.actor.<src>` / `xstate.error.actor.<src>` step comes.
   */
  stub(src: string): ReturnType<typeof fromPromise<unknown, unknown>>
}

/** How one machine is driven: the provide stubs that record its outputs, and extra checks. */
export interface PathHarness {
  provide(effects: Effects): AnyStateMachine
  /** extra checks of the state after a step (selectors, invariants, delays) */
  checkState?(snapshot: AnyMachineSnapshot, step: StepInfo): void
}

interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

const invokedPrefix = /^xstate\.(done|error)\.actor\.(.+)$/

/**
 * Drives the real machine (provided with the harness's stubs, on a SimulatedClock) along one path and
 * asserts, after every step, the state and context the traversal predicted and the outputs the model's
 * oracle expects (recorded by the stubs: calls, actions such as notices and navigation, emitted answers). Delays are checked to the millisecond: nothing happens 1 ms early.
 */
export async function replayPath(model: PathModel, harness: PathHarness, path: ModelPath): Promise<void> {
  const clock = new SimulatedClock()
  const outputs: Output[] = []
  const pending = new Map<string, Pending>()
  const effects: Effects = {
    record: (output) => outputs.push(output),
    stub: (src) =>
      fromPromise<unknown, unknown>(({ input }) => {
        outputs.push(input === undefined ? { call: src } : { call: src, input })
        return new Promise((resolve, reject) => pending.set(src, { resolve, reject }))
      }),
  }
  const machine = harness.provide(effects)
  const actor = createActor(machine, { input: model.input, clock } as never)
  actor.on('*', (emitted) => outputs.push({ emit: emitted }))
  const history: AnyEventObject[] = []
  let from: AnyMachineSnapshot | undefined

  try {
    for (const [i, step] of path.steps.entries()) {
      const where = `path ${path.index}, step ${i + 1} (${step.event.type})`
      const invoked = invokedPrefix.exec(step.event.type)
      if (step.event.type === 'xstate.init') {
        actor.start()
      } else if (invoked) {
        const [, kind, src] = invoked as unknown as [string, string, string]
        const call = pending.get(src)
        expect(call, `${where}: ${src} is not running`).toBeDefined()
        pending.delete(src)
        if (kind === 'done') call?.resolve(step.event.output)
        else call?.reject(step.event.error)
      } else if (isAfterEvent(step.event)) {
        const delay = delayOf(machine, from as AnyMachineSnapshot, step.event)
        clock.increment(delay - 1)
        await settle()
        expect(snapshotKey(actor.getSnapshot()), `${where}: fired before ${delay} ms`).toBe(
          snapshotKey(from as AnyMachineSnapshot),
        )
        clock.increment(1)
      } else {
        actor.send(step.event)
      }
      await settle()

      const info: StepInfo = { from, event: step.event, to: step.state, history: [...history] }
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      expect(snapshot.status, `${where}: actor failed: ${String(snapshot.error)}`).not.toBe('error')
      expect(snapshotKey(snapshot), `${where}: state`).toBe(snapshotKey(step.state))
      expect(outputs.splice(0), `${where}: outputs`).toEqual(model.expectedOutputs(info))
      harness.checkState?.(snapshot, info)
      history.push(step.event)
      from = step.state
    }
  } finally {
    actor.stop()
  }
}
