import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import type { ActorRefFrom } from 'xstate'
import { newestPrice } from '~/domain/latest-price'
import { formatPrice } from '~/domain/number-format'
import { selectLatestPrice } from '~/machines/ticker.select'
import {
  selectTitleData,
  selectTitleDataFailure,
  type TitleOverviewMachine,
} from '~/machines/title-data.machine'
import { useClient } from '~/views/client-context'
import { FactList } from './FactList'
import { PriceMoveText } from './PriceMoveText'
import { TitleDataFailure, TitleDataSkeleton } from './TitleDataStatus'
import { titleTypeLabels } from './title-type-labels'

interface AboutTabProps {
  readonly titleId: number
  readonly overview: ActorRefFrom<TitleOverviewMachine>
}

/** Name, type, codes and currency of the title; its latest bid, ask and last, and the move since the previous close. */
export function AboutTab({ titleId, overview }: AboutTabProps) {
  const client = useClient()
  const data = useSelector(overview, selectTitleData)
  const failure = useSelector(overview, selectTitleDataFailure)
  const live = useSelector(client.prices, (snapshot) => selectLatestPrice(snapshot.context, titleId))
  if (failure)
    return <TitleDataFailure message={failure} onRetry={() => overview.send({ type: 'titleData.retry' })} />
  if (!data) return <TitleDataSkeleton label="Loading title information…" />

  const { title, tick, fundamentals } = data
  const currency = fundamentals.currency
  // bid and ask come from the loaded tick only: the socket's prices keep the last price alone
  const last = newestPrice(live, tick, fundamentals.price)
  const price = (value: number | undefined) => (value === undefined ? '—' : formatPrice(value, currency))
  return (
    <styled.section display="grid" gap="4" py="2">
      <FactList
        label="Title details"
        facts={[
          { label: 'Name', value: title?.n ?? '—' },
          { label: 'Type', value: title ? titleTypeLabels[title.type] : '—' },
          { label: 'Codes', value: title?.c.join(', ') || '—' },
          { label: 'Currency', value: currency },
        ]}
      />
      <FactList
        label="Latest prices"
        facts={[
          { label: 'Bid', value: price(tick?.b) },
          { label: 'Ask', value: price(tick?.a) },
          { label: 'Last', value: price(last) },
          {
            label: 'Since previous close',
            value: <PriceMoveText reference={fundamentals.previousClose} latest={last} />,
          },
        ]}
      />
    </styled.section>
  )
}
