import { useSelector } from '@xstate/react'
import { selectPollsNow } from '~/machines/polls-view.select'
import { useClient } from '~/views/client-context'

/**
 * The app's clock (epoch ms), ticked each second into the polls store: phases and relative times are
 * all taken at the same moment. Before its first tick, the moment of rendering.
 */
export function useClock(): number {
  const client = useClient()
  const now = useSelector(client.store('polls'), (snapshot) => selectPollsNow(snapshot.context))
  return now > 0 ? now : Date.now()
}
