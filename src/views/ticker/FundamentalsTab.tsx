import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { fundamentalRows } from '~/domain/fundamentals-view'
import {
  selectTitleData,
  selectTitleDataFailure,
  type TitleOverviewMachine,
} from '~/machines/title-data.machine'
import { Text } from '~/views/ui'
import { FactList } from './FactList'
import { TitleDataFailure, TitleDataSkeleton } from './TitleDataStatus'

const asOf = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** Spec §2 "Fundamentals shown", formatted in the title's currency. */
export function FundamentalsTab({ overview }: { readonly overview: ActorRefFrom<TitleOverviewMachine> }) {
  const data = useSelector(overview, selectTitleData)
  const failure = useSelector(overview, selectTitleDataFailure)
  if (failure)
    return <TitleDataFailure message={failure} onRetry={() => overview.send({ type: 'titleData.retry' })} />
  if (!data) return <TitleDataSkeleton rows={12} label="Loading fundamentals…" />
  return (
    <styled.section display="grid" gap="3" py="2">
      <FactList label="Fundamental figures" facts={fundamentalRows(data.fundamentals)} />
      <Text textStyle="xs" color="fg.muted">
        As of {asOf.format(data.fundamentals.asOf)}
      </Text>
    </styled.section>
  )
}
