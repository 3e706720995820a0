import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { PerformanceRow } from '~/api/predictions'
import { formatDecimal } from '~/domain/number-format'
import { listLoadTexts } from '~/machines/list-load-texts'
import { selectOverviewLoadStatus, selectPredictionPerformance } from '~/machines/performance.machine'
import { useClient } from '~/views/client-context'
import { LoadedList } from '~/views/common/LoadedList'
import { Skeleton, Table } from '~/views/ui'
import { ScrollRegion } from './ScrollRegion'

function OverviewCells({ row }: { readonly row: PerformanceRow }) {
  return (
    <>
      <Table.Cell textAlign="end">{formatDecimal(row.trendsUp, 0)}</Table.Cell>
      <Table.Cell textAlign="end">{formatDecimal(row.trendsDown, 0)}</Table.Cell>
      <Table.Cell textAlign="end">{formatDecimal(row.correctlyTaggedMessages, 0)}</Table.Cell>
      <Table.Cell textAlign="end">{formatDecimal(row.score)}</Table.Cell>
    </>
  )
}

/**
 * Spec §3 "Tagged message overview row": per title, and the total row (the server's evaluated counts).
 * A failed load is a failure with Retry in the table's place, never its empty text.
 */
export function TitleOverviewTable() {
  const client = useClient()
  const status = useSelector(client.performance, selectOverviewLoadStatus)
  return (
    <LoadedList
      status={status}
      failureText={listLoadTexts.overview}
      onRetry={() => client.performance.send({ type: 'store.retry' })}
    >
      {status === 'loading' ? (
        <styled.div aria-busy="true">
          <styled.span srOnly>Loading the overview</styled.span>
          <Skeleton h="24" w="full" />
        </styled.div>
      ) : (
        <OverviewTable />
      )}
    </LoadedList>
  )
}

function OverviewTable() {
  const client = useClient()
  const overview = useSelector(client.performance, (snapshot) =>
    selectPredictionPerformance(snapshot.context),
  )
  if (!overview)
    return (
      <styled.p py="4" color="fg.muted" fontSize="sm">
        No overview yet.
      </styled.p>
    )
  return (
    <ScrollRegion label="Overview table">
      <Table.Root size="sm" minW={{ sm: 'md' }}>
        <Table.Caption srOnly>Overview per title</Table.Caption>
        <Table.Head>
          <Table.Row>
            <Table.Header scope="col">Title</Table.Header>
            <Table.Header scope="col" textAlign="end">
              Up
            </Table.Header>
            <Table.Header scope="col" textAlign="end">
              Down
            </Table.Header>
            <Table.Header scope="col" textAlign="end">
              Correct
            </Table.Header>
            <Table.Header scope="col" textAlign="end">
              Score
            </Table.Header>
          </Table.Row>
        </Table.Head>
        <Table.Body>
          {overview.titles.map((row) => (
            <Table.Row key={row.titleId}>
              <Table.Header scope="row" fontWeight="medium">
                {row.titleName}
              </Table.Header>
              <OverviewCells row={row} />
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row fontWeight="semibold">
            <Table.Header scope="row">{overview.total.titleName}</Table.Header>
            <OverviewCells row={overview.total} />
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </ScrollRegion>
  )
}
