import { useSelector } from '@xstate/react'
import { selectPollsNow } from '~/machines/polls-view.select'
import { useClient } from '~/views/client-context'

const minuteMs = 60_000

/**
 * The game's clock (the server's, see src/actors/server-clock.ts) to the minute: markets open and close
 * on the minute, so a view that shows a market's state re-renders once a minute, not every second.
 */
export function useMinuteClock(): number {
  const client = useClient()
  const minute = useSelector(client.store('polls'), (snapshot) =>
    Math.floor(selectPollsNow(snapshot.context) / minuteMs),
  )
  return minute > 0 ? minute * minuteMs : Date.now()
}
