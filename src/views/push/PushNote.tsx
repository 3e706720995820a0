import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { type PushMachine, type PushState, selectPushError, selectPushState } from '~/machines/push.machine'
import type { PushEvent } from '~/machines/push.types'
import { Button } from '~/views/ui'

/** What each state of push in this browser tells the player; idle says nothing (no push is wanted). */
const texts: Record<Exclude<PushState, 'idle'>, string> = {
  checking: 'Turning on notifications in this browser…',
  askable: 'Allow this browser to show Alpha’s notifications, and they come even when Alpha is closed.',
  subscribing: 'Turning on notifications in this browser…',
  subscribed: 'This browser shows your notifications.',
  blocked:
    'Notifications are blocked for Alpha in this browser: allow them in its site settings to get them here.',
  unsupported: 'This browser cannot show notifications from Alpha.',
  failed: 'Notifications could not be turned on in this browser.',
}

/** The one thing the player can do in a state: the click that lets the browser ask, or a retry. */
const actions: Partial<Record<PushState, { readonly label: string; readonly event: PushEvent }>> = {
  askable: { label: 'Allow notifications', event: { type: 'push.allow' } },
  failed: { label: 'Try again', event: { type: 'push.retry' } },
}

/**
 * Under the "as push notification" switches (and in the dashboard's offer): whether this browser shows
 * them, and the one click the browser needs before it may ask the player (or a retry after a failure);
 * `children` are further buttons beside that click (the offer's "Not now").
 */
export function PushNote({
  push,
  children,
}: {
  readonly push: ActorRefFrom<PushMachine>
  readonly children?: ReactNode
}) {
  const state = useSelector(push, selectPushState)
  const error = useSelector(push, selectPushError)
  if (state === 'idle') return null
  const action = actions[state]
  return (
    <styled.div display="flex" flexDirection="column" gap="2" fontSize="sm" color="fg.muted">
      <p role="status">{texts[state]}</p>
      {state === 'failed' && error && <p>{`The browser said: ${error}`}</p>}
      {(action || children) && (
        <styled.div display="flex" flexWrap="wrap" gap="2">
          {action && (
            <Button type="button" variant="outline" size="sm" onClick={() => push.send(action.event)}>
              {action.label}
            </Button>
          )}
          {children}
        </styled.div>
      )}
    </styled.div>
  )
}
