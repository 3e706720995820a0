import type { KyselyPlugin } from 'kysely'

type QueryNode = Parameters<KyselyPlugin['transformQuery']>[0]['node']

/**
 * Records, in order, the statements of a job that mark its slices (through a Kysely plugin given to the
 * job's executor) and the turns of the event loop (each a request's chance to run), until stopped: shows
 * that a job working a backlog serves requests between two slices. Ordering, never timing.
 */
export function sliceRecorder(marksSlice: (node: QueryNode) => boolean) {
  const events: ('slice' | 'turn')[] = []
  let stopped = false
  const turn = () => {
    if (stopped) return
    events.push('turn')
    setImmediate(turn)
  }
  setImmediate(turn)
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (marksSlice(node)) events.push('slice')
      return node
    },
    transformResult: async ({ result }) => result,
  }
  return {
    plugin,
    /** Stops recording: how many slices, and whether the loop turned between every two of them. */
    stop(): { slices: number; turnBetweenEach: boolean } {
      stopped = true
      const slices = events.flatMap((event, i) => (event === 'slice' ? [i] : []))
      const turnBetweenEach = slices.every(
        (at, i) => i === 0 || events.slice(slices[i - 1], at).includes('turn'),
      )
      return { slices: slices.length, turnBetweenEach }
    },
  }
}
