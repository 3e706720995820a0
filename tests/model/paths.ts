import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  __unsafe_getAllOwnEventDescriptors as ownEventTypes,
} from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'

/**
 * A machine as QA tests it: the REAL machine, the sample events to explore (including the done and
 * error events of its invoked actors, with outputs) and how to name states and events for people.
 * Delayed transitions (`after`) need no sample: every one the machine waits for is explored.
 */
export interface PathModel {
  /** the machine's name in reports and docs */
  readonly name: string
  /** one sentence for docs/paths.md */
  readonly summary: string
  readonly machine: AnyStateMachine
  readonly input?: unknown
  readonly events: readonly AnyEventObject[]
  /** event types also sent where the machine does not handle them, to check that they change nothing */
  readonly ignoredEvents?: readonly string[]
  /** skips events where they would teach nothing (e.g. a session change to the same value) */
  readonly filterEvents?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean
  /**
   * 'shortest': one shortest path to every transition (getShortestPaths);
   * 'simple': every simple path to every transition (getSimplePaths), for small acyclic machines
   * @default 'shortest'
   */
  readonly strategy?: 'shortest' | 'simple'
  /** the outputs the spec expects of one step, in order: the oracle the replay checks, shown in the docs */
  readonly expectedOutputs: (step: StepInfo) => Output[]
  readonly describeState?: (snapshot: AnyMachineSnapshot) => string
  readonly describeEvent?: (event: AnyEventObject, from: AnyMachineSnapshot | undefined) => string | undefined
}

/** Something the machine did that the app would see: a call made, a notice, a navigation, an answer. */
export type Output = Readonly<Record<string, unknown>>

export interface StepInfo {
  readonly from: AnyMachineSnapshot | undefined
  readonly event: AnyEventObject
  readonly to: AnyMachineSnapshot
  /** the events before this one */
  readonly history: readonly AnyEventObject[]
}

export interface PathStep {
  readonly event: AnyEventObject
  /** the snapshot after the event, as the pure traversal computed it */
  readonly state: AnyMachineSnapshot
}

export interface ModelPath {
  /** 1-based, stable for a given machine and model */
  readonly index: number
  /** the first step is `xstate.init` */
  readonly steps: readonly PathStep[]
}

const afterPrefix = 'xstate.after.'

/** What the traversal and the replay compare: state value and context. */
export const snapshotKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context })

const eventKey = (event: AnyEventObject | undefined) => (event ? JSON.stringify(event) : '')

/** The samples of the events the state handles; every delayed transition it waits for. */
function eventsFor(model: PathModel) {
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const types = new Set<string>([...(ownEventTypes(snapshot) as string[]), ...(model.ignoredEvents ?? [])])
    return [...types].flatMap((type) =>
      type.startsWith(afterPrefix) ? [{ type }] : model.events.filter((event) => event.type === type),
    )
  }
}

/**
 * The traversal's vertex is a transition (source, event, target), not a state: its shortest paths
 * then reach every transition, self-loops and ignored-but-handled events included.
 */
const serializeTransition = (
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject | undefined,
  previous: AnyMachineSnapshot | undefined,
) => `${previous ? snapshotKey(previous) : ''}|${eventKey(event)}|${snapshotKey(snapshot)}`

const pathKey = (steps: readonly PathStep[]) => steps.map((step) => eventKey(step.event)).join('\n')

/** Drops paths that are the start of a longer one: the longer one checks all of their steps. */
function withoutPrefixes(paths: readonly PathStep[][]): PathStep[][] {
  const keys = paths.map((steps) => `${pathKey(steps)}\n`)
  return paths.filter(
    (_, i) =>
      !keys.some(
        (other, j) =>
          j !== i && other.length > (keys[i] as string).length && other.startsWith(keys[i] as string),
      ),
  )
}

/** Generates the model's paths from the real machine with xstate/graph. */
export function generatePaths(model: PathModel): ModelPath[] {
  const traverse = model.strategy === 'simple' ? getSimplePaths : getShortestPaths
  const generated = traverse(model.machine, {
    input: model.input,
    events: eventsFor(model),
    filterEvents: model.filterEvents,
    serializeState: serializeTransition,
  })
  const unique = new Map<string, PathStep[]>()
  for (const path of generated) {
    const steps = path.steps as PathStep[]
    unique.set(pathKey(steps), steps)
  }
  return withoutPrefixes([...unique.values()])
    .sort((a, b) => a.length - b.length || pathKey(a).localeCompare(pathKey(b)))
    .map((steps, i) => ({ index: i + 1, steps }))
}

/** The delay in ms of an `xstate.after.<delay>.<state id>` event, as the machine computes it in `from`. */
export function delayOf(machine: AnyStateMachine, from: AnyMachineSnapshot, event: AnyEventObject): number {
  const key = event.type.slice(afterPrefix.length).split('.')[0] as string
  if (/^\d+$/.test(key)) return Number(key)
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>
  const delay = delays[key]
  if (typeof delay === 'number') return delay
  if (typeof delay === 'function') return delay({ context: from.context, event: { type: 'xstate.init' } })
  throw new Error(`${machine.id}: no delay named ${key}`)
}

export const isAfterEvent = (event: AnyEventObject) => event.type.startsWith(afterPrefix)

/** `ready` or `fetching.paused`. */
export function stateName(snapshot: AnyMachineSnapshot): string {
  const walk = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : Object.entries(value as Record<string, unknown>)
          .map(([key, child]) => `${key}.${walk(child)}`)
          .join(' + ')
  return walk(snapshot.value)
}

export function describeState(model: PathModel, snapshot: AnyMachineSnapshot): string {
  return model.describeState ? model.describeState(snapshot) : stateName(snapshot)
}

export function describeEvent(model: PathModel, event: AnyEventObject, from: AnyMachineSnapshot | undefined) {
  const custom = model.describeEvent?.(event, from)
  if (custom) return custom
  if (event.type === 'xstate.init') return 'start'
  if (isAfterEvent(event) && from) return `${delayOf(model.machine, from, event) / 1000} s pass`
  const { type, ...payload } = event
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type
}

/** What the socket actor was asked: opened, closed, an emit with its payload. */
function describeSocketOutput({ socket, ...payload }: Output): string {
  if (socket === 'open') return 'opens the socket'
  if (socket === 'close') return 'closes the socket'
  if (socket === 'subscribe') return `emits 'subscribe title ticks' ${JSON.stringify(payload.titleIds)}`
  return `emits '${String(socket)}' ${JSON.stringify(payload)}`
}

/** An expected output in words. */
export function describeOutput(output: Output): string {
  if (typeof output.call === 'string') return `calls ${output.call}`
  if (typeof output.socket === 'string') return describeSocketOutput(output)
  if (output.report) return `reports ${JSON.stringify(output.report)} to error reporting`
  if (Array.isArray(output.stores)) {
    const { type, ...payload } = output.event as { type: string }
    const what = Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type
    return `tells the ${output.stores.join(', ')} stores ${what}`
  }
  if (output.route) {
    const { loggedIn, firstTime } = output.route as { loggedIn: boolean; firstTime: boolean }
    const who = loggedIn ? (firstTime ? 'a first-time player' : 'a player') : 'a guest'
    return `applies the navigation rules for ${who}`
  }
  if (output.navigate === 'back') return 'navigates back to where the app was'
  if (typeof output.navigate === 'string') return `navigates to ${output.navigate}`
  if (output.action === 'reportServerError') return 'reports the 5xx to the caller'
  if (typeof output.action === 'string') {
    const { action, ...payload } = output
    return Object.keys(payload).length ? `${action} ${JSON.stringify(payload)}` : action
  }
  if (output.notice) {
    const notice = output.notice as { kind: string; message: string; caption?: string; timeoutMs?: number }
    const caption = notice.caption ? ` / "${notice.caption}"` : ''
    const article = /^[aeiou]/.test(notice.kind) ? 'an' : 'a'
    return `shows ${article} ${notice.kind} notice "${notice.message}"${caption}`
  }
  if (output.emit && /^(realtime|session|bet)\./.test((output.emit as { type: string }).type)) {
    const { type, ...payload } = output.emit as { type: string }
    return `tells listeners ${type} ${JSON.stringify(payload)}`
  }
  if (output.emit) {
    const { type, requestId, error } = output.emit as {
      type: string
      requestId?: string
      error?: { message?: string }
    }
    const to = requestId ? ` to ${requestId}` : ' to everybody waiting'
    return `answers ${type}${to}${error?.message ? ` ("${error.message}")` : ''}`
  }
  return JSON.stringify(output)
}

/** One path as readable steps: state → event → state, then what the app must see. */
export function describePath(model: PathModel, path: ModelPath): string[] {
  let from: AnyMachineSnapshot | undefined
  const history: AnyEventObject[] = []
  return path.steps.map((step) => {
    const move = from
      ? `${describeState(model, from)} → ${describeEvent(model, step.event, from)} → ${describeState(model, step.state)}`
      : `start in ${describeState(model, step.state)}`
    const outputs = model.expectedOutputs({ from, event: step.event, to: step.state, history: [...history] })
    from = step.state
    history.push(step.event)
    return outputs.length ? `${move}; ${outputs.map(describeOutput).join(', ')}` : move
  })
}

/** The last step of a path, for test names. */
export function pathTitle(model: PathModel, path: ModelPath): string {
  const last = path.steps.at(-1) as PathStep
  const before = path.steps.at(-2)?.state
  return `${before ? `${describeState(model, before)} → ` : ''}${describeEvent(model, last.event, before)} → ${describeState(model, last.state)}`
}
