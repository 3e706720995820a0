import { useSelector } from '@xstate/react'
import { selectTagRefusalText } from '~/machines/fair-play.select'
import { selectPollsNow } from '~/machines/polls-view.select'
import { useClient } from '~/views/client-context'

const minuteMs = 60_000

/** Why Up and Down on the title are refused by the fair-play rules now (absent: allowed). */
export interface TagRefusals {
  readonly Up?: string
  readonly Down?: string
}

/**
 * The fair-play refusals of a title's predictions, for the buttons to disable: read again when the
 * player's predictions or the titles change, and once a minute (a market opens on the minute), not on
 * every second of the game clock. Each text is a string, so a row re-renders only when one changes.
 */
export function useTagRefusals(titleId: number): TagRefusals {
  const client = useClient()
  const minute = useSelector(client.store('polls'), (snapshot) =>
    Math.floor(selectPollsNow(snapshot.context) / minuteMs),
  )
  const now = minute > 0 ? minute * minuteMs : Date.now()
  const titles = useSelector(client.store('titleInfo'), (snapshot) => snapshot.context.data)
  const tagged = client.store('taggedMessages')
  const up = useSelector(tagged, (snapshot) =>
    selectTagRefusalText(snapshot.context.data.messages, titles, titleId, 'Up', now),
  )
  const down = useSelector(tagged, (snapshot) =>
    selectTagRefusalText(snapshot.context.data.messages, titles, titleId, 'Down', now),
  )
  return { ...(up === undefined ? {} : { Up: up }), ...(down === undefined ? {} : { Down: down }) }
}
