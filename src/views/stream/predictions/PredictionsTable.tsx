import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { PredictionFilter } from '~/domain/prediction'
import { selectPredictions } from '~/machines/tagged-messages.machine'
import { useClient } from '~/views/client-context'
import { PredictionRowsTable } from './PredictionRowsTable'

const emptyTexts: Record<PredictionFilter, string> = {
  all: 'No predictions this week',
  running: 'No running predictions',
  completed: 'No completed predictions this week',
}

/** The player's tagged messages of a status, newest first. */
export function PredictionsTable({ filter }: { readonly filter: PredictionFilter }) {
  const client = useClient()
  const predictions = useSelector(
    client.store('taggedMessages'),
    (snapshot) => selectPredictions(snapshot.context, filter),
    (a, b) => a.length === b.length && a.every((prediction, index) => prediction === b[index]),
  )
  if (predictions.length === 0)
    return (
      <styled.div py="6" textAlign="center">
        <styled.p fontWeight="semibold">{emptyTexts[filter]}</styled.p>
        <styled.p fontSize="sm" color="fg.muted">
          Tag messages in the Live Tweet tab: Up when you expect the price to rise, Down when you expect it to
          fall.
        </styled.p>
      </styled.div>
    )
  return (
    <PredictionRowsTable predictions={predictions} label="Predictions table" caption="Your predictions" />
  )
}
