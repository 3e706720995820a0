import { useSelector } from '@xstate/react'
import { selectPushOffer } from '~/machines/push.machine'
import { useClient } from '~/views/client-context'
import { Button, Card } from '~/views/ui'
import { PushNote } from './PushNote'

/**
 * The dashboard's offer to allow notifications in this browser (important messages come as a push by
 * default, and a browser shows none until the player allows it): what they tell, and Settings' own note
 * (the click that lets the browser ask, then what came of it) with "Not now", after which this browser
 * does not offer it again (Settings still does).
 */
export function PushOffer() {
  const client = useClient()
  const offered = useSelector(client.push, selectPushOffer)
  if (!offered) return null
  return (
    <Card.Root role="region" aria-labelledby="push-offer-title">
      <Card.Header>
        <Card.Title id="push-offer-title">Hear about your game</Card.Title>
        <Card.Description>
          A trophy or a prize you won, a friend who joined with your invitation, a group that invited you:
          Alpha’s notifications tell you.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <PushNote push={client.push}>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => client.push.send({ type: 'push.notNow' })}
          >
            Not now
          </Button>
        </PushNote>
      </Card.Body>
    </Card.Root>
  )
}
