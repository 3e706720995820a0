import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { styled } from 'styled-system/jsx'
import type { PredictionFilter as Filter } from '~/domain/prediction'
import { listLoadTexts } from '~/machines/list-load-texts'
import { selectPredictionsLoadStatus } from '~/machines/tagged-messages.machine'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Button, Heading, Skeleton } from '~/views/ui'
import { NextEvaluation } from './NextEvaluation'
import { OlderPredictions } from './OlderPredictions'
import { PredictionFilter } from './PredictionFilter'
import { PredictionsTable } from './PredictionsTable'
import { TitleOverviewTable } from './TitleOverviewTable'

/** The 'Your Predictions' tab: the next evaluation, the predictions by status and the overview per title. */
export function YourPredictionsPanel() {
  const client = useClient()
  const [filter, setFilter] = useState<Filter>('all')
  const tagged = client.store('taggedMessages')
  const status = useSelector(tagged, selectPredictionsLoadStatus)

  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <styled.section aria-labelledby="predictions-title" display="flex" flexDirection="column" gap="3">
        <styled.div display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="3">
          <Heading as="h2" size="lg" id="predictions-title">
            Predictions
          </Heading>
          <PredictionFilter value={filter} onChange={setFilter} />
        </styled.div>
        <NextEvaluation />
        <LoadedList
          status={status}
          failureText={listLoadTexts.predictions}
          onRetry={() => tagged.send({ type: 'store.retry' })}
        >
          {status === 'loading' ? (
            <styled.div aria-busy="true">
              <styled.span srOnly>Loading your predictions</styled.span>
              <Skeleton h="32" w="full" />
            </styled.div>
          ) : (
            <PredictionsTable filter={filter} />
          )}
        </LoadedList>
        {/* older than the store's week: judged long ago, so never among the running ones (hidden there,
            kept with its pages for the other filters) */}
        {status !== 'loading' && status !== 'failed' ? (
          <styled.div hidden={filter === 'running'}>
            <OlderPredictions />
          </styled.div>
        ) : null}
      </styled.section>
      <styled.section aria-labelledby="overview-title" display="flex" flexDirection="column" gap="3">
        <styled.div display="flex" alignItems="center" justifyContent="space-between" gap="3">
          <Heading as="h2" size="lg" id="overview-title">
            Overview per title
          </Heading>
          <Button type="button" size="sm" variant="ghost" onClick={client.refreshPerformance}>
            Refresh overview
          </Button>
        </styled.div>
        <TitleOverviewTable />
      </styled.section>
    </styled.div>
  )
}
