import type { InspectionEvent } from 'xstate'
import type { InspectObserver } from './client-game'

/** Where the decision looks: the build (Vite's `import.meta.env.DEV`) and the page's query string. */
export interface InspectorSwitch {
  readonly dev: boolean
  /** `location.search`, e.g. '?inspect' */
  readonly search: string
}

/** The Stately inspector attaches in development when the address has `?inspect`, never otherwise. */
export const isInspectorOn = ({ dev, search }: InspectorSwitch) =>
  dev && new URLSearchParams(search).has('inspect')

type LoadInspector = () => Promise<{ readonly inspect: InspectObserver }>

const loadBrowserInspector: LoadInspector = async () =>
  (await import('@statelyai/inspect')).createBrowserInspector()

/**
 * An observer for the actors' `inspect` option that loads `@statelyai/inspect` on first use: what
 * happens meanwhile is kept and handed over once it has loaded, so the inspector sees every actor from
 * its start. The package is imported lazily: no production bundle carries it.
 */
export function lazyInspector(load: LoadInspector = loadBrowserInspector): (event: InspectionEvent) => void {
  let pending: InspectionEvent[] | undefined = []
  let forward: (event: InspectionEvent) => void = (event) => pending?.push(event)
  load().then(
    ({ inspect }) => {
      forward = typeof inspect === 'function' ? inspect : (event) => inspect.next?.(event)
      for (const event of pending ?? []) forward(event)
      pending = undefined
    },
    () => {
      pending = undefined
      forward = () => {}
    },
  )
  return (event) => forward(event)
}

/** The `inspect` option of the client's root actors: the lazy inspector when it is switched on. */
export const inspectorFor = (on: InspectorSwitch, load?: LoadInspector) =>
  isInspectorOn(on) ? lazyInspector(load) : undefined
