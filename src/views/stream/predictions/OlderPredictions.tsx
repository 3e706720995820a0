import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { styled } from 'styled-system/jsx'
import { provideOlderPredictions } from '~/actors/older-predictions.actors'
import {
  olderPredictionsMachine,
  selectMoreOlder,
  selectOlderAsked,
  selectOlderFailure,
  selectOlderFetching,
  selectOlderPredictions,
} from '~/machines/older-predictions.machine'
import { selectOlderPredictionsCursor } from '~/machines/tagged-messages.machine'
import { useClient } from '~/views/client-context'
import { ListLoadFailure } from '~/views/common/ListLoadFailure'
import { Button, Heading, Text } from '~/views/ui'
import { PredictionRowsTable } from './PredictionRowsTable'

/**
 * Predictions older than the week Your Predictions keeps, a page per click: the actor lives while the tab
 * shows, and starts before the oldest prediction the store held when it opened.
 */
export function OlderPredictions() {
  const client = useClient()
  const logic = useMemo(() => provideOlderPredictions(olderPredictionsMachine, client.effects), [client])
  // read once: the pages go on from where the store's week ended when the tab opened
  const [before] = useState(() =>
    selectOlderPredictionsCursor(client.store('taggedMessages').getSnapshot().context),
  )
  const actor = useActorRef(logic, { input: { before } })
  const predictions = useSelector(actor, selectOlderPredictions)
  const asked = useSelector(actor, selectOlderAsked)
  const fetching = useSelector(actor, selectOlderFetching)
  const failure = useSelector(actor, selectOlderFailure)
  const more = useSelector(actor, selectMoreOlder)
  const ask = () => actor.send({ type: 'older.more' })

  return (
    <styled.section aria-labelledby="older-predictions-title" display="flex" flexDirection="column" gap="3">
      <Heading as="h3" size="md" id="older-predictions-title">
        Older predictions
      </Heading>
      {predictions.length > 0 ? (
        <PredictionRowsTable
          predictions={predictions}
          label="Older predictions table"
          caption="Your older predictions"
        />
      ) : null}
      {asked && !fetching && !failure && predictions.length === 0 ? (
        <Text size="sm" color="fg.muted">
          No older predictions.
        </Text>
      ) : null}
      {failure ? <ListLoadFailure text={failure} onRetry={ask} /> : null}
      {(more || fetching) && !failure ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          disabled={fetching}
          aria-busy={fetching}
          onClick={ask}
        >
          {asked ? 'Show more' : 'Show older predictions'}
        </Button>
      ) : null}
    </styled.section>
  )
}
