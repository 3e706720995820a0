import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectPushOffer, selectPushState } from '~/machines/push.machine'
import { useClient } from '~/views/client-context'
import { Button, Card } from '~/views/ui'
import { PushNote } from './PushNote'

/**
 * The dashboard's offer to allow notifications in this browser (important messages come as a push by
 * default, and a browser shows none until the player allows it): the click that lets the browser ask,
 * then what came of it (PushNote: turning on, or the failure with a retry), and "Not now", after which
 * this browser does not offer it again (Settings still does).
 */
export function PushOffer() {
  const client = useClient()
  const offered = useSelector(client.push, selectPushOffer)
  const asking = useSelector(client.push, (snapshot) => selectPushState(snapshot) === 'askable')
  if (!offered) return null
  return (
    <Card.Root role="region" aria-labelledby="push-offer-title">
      <Card.Header>
        <Card.Title id="push-offer-title">Hear about your game</Card.Title>
        <Card.Description>
          A trophy or a prize you won, a friend who joined with your invitation, a group that invited you:
          Alpha’s notifications tell you, even when Alpha is closed.
        </Card.Description>
      </Card.Header>
      <Card.Body display="flex" flexDirection="column" gap="3">
        {!asking && <PushNote push={client.push} />}
        <styled.div display="flex" flexWrap="wrap" gap="2">
          {asking && (
            <Button type="button" size="sm" onClick={() => client.push.send({ type: 'push.allow' })}>
              Allow notifications
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => client.push.send({ type: 'push.notNow' })}
          >
            Not now
          </Button>
        </styled.div>
      </Card.Body>
    </Card.Root>
  )
}
