import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { formatDateTime, isoDateTime } from '~/domain/date-format'
import { selectNextEvaluationTime } from '~/machines/tagged-messages.machine'
import { useClient } from '~/views/client-context'

/** Spec §4: the next evaluation, the earliest running prediction's creation plus 3 hours. */
export function NextEvaluation() {
  const client = useClient()
  const next = useSelector(client.store('taggedMessages'), (snapshot) =>
    selectNextEvaluationTime(snapshot.context),
  )
  return (
    <styled.p fontSize="sm">
      <styled.span color="fg.muted">Next evaluation: </styled.span>
      {next === undefined ? (
        'no prediction is running'
      ) : (
        <styled.time dateTime={isoDateTime(next)} fontWeight="medium">
          {formatDateTime(next)}
        </styled.time>
      )}
    </styled.p>
  )
}
