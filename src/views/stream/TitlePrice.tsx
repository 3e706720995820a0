import { useSelector } from '@xstate/react'
import { memo } from 'react'
import { css } from 'styled-system/css'
import { titleLabel } from '~/domain/title-label'
import { selectTitleName } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { PriceWithChange } from '~/views/prices/PriceWithChange'

// class names built once: style props would be resolved again on every render of the row
const styles = {
  root: css({ display: 'inline-flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'baseline', fontSize: 'sm' }),
  name: css({ fontWeight: 'medium' }),
}

/**
 * A title's name and its latest price with change and market state (PriceWithChange, which reads only
 * its own title's price in batches, so a tick re-renders the few rows about that title).
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
  return (
    <span id={id} className={styles.root}>
      <span className={styles.name}>{titleLabel(titleId, name)}</span>
      <PriceWithChange titleId={titleId} />
    </span>
  )
})
