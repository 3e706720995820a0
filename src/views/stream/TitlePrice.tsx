import { useSelector } from '@xstate/react'
import { memo } from 'react'
import { css } from 'styled-system/css'
import { formatPrice } from '~/domain/number-format'
import { titleLabel } from '~/domain/title-label'
import { selectLatestPrice } from '~/machines/prices.machine'
import { selectTitleCurrency, selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { batched } from './frame-batched'

// class names built once: style props would be resolved again on every tick of the title
const styles = {
  root: css({ display: 'inline-flex', gap: '1.5', alignItems: 'baseline', fontSize: 'sm' }),
  name: css({ fontWeight: 'medium' }),
  price: css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums' }),
}

/**
 * A title's name and latest tick price, in the title's currency. Each one reads only its own title's price, so a tick
 * re-renders the few rows about that title, not the whole stream; and reads the prices in batches
 * (`feedBatchMs`), so 200 ticks a second are 10 updates, not one React update per tick.
 */
export const TitlePrice = memo(function TitlePrice({
  titleId,
  id,
}: {
  readonly titleId: number
  readonly id?: string
}) {
  const client = useClient()
  const name = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleName(snapshot.context, titleId),
  )
  const currency = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleCurrency(snapshot.context, titleId),
  )
  const price = useSelector(batched(client.prices), (snapshot) =>
    selectLatestPrice(snapshot.context, titleId),
  )
  return (
    <span id={id} className={styles.root}>
      <span className={styles.name}>{titleLabel(titleId, name)}</span>
      <span className={styles.price}>
        {price === undefined ? 'no price yet' : formatPrice(price, currency)}
      </span>
    </span>
  )
})
