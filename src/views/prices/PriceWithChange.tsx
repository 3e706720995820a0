import { useSelector } from '@xstate/react'
import { memo, useRef } from 'react'
import { css, cx } from 'styled-system/css'
import { changeSinceClose, marketStateAt, marketStateText } from '~/domain/market-state'
import { formatPrice } from '~/domain/number-format'
import type { MoveDirection } from '~/domain/poll-view'
import { selectLatestPrice } from '~/machines/ticker.select'
import { selectTitleCurrency, selectTitleHours } from '~/machines/title-info.machine'
import { useClient } from '~/views/client-context'
import { batched } from '~/views/stream/frame-batched'
import { useMinuteClock } from './use-minute-clock'

// class names built once: style props would be resolved again on every tick of the title
const styles = {
  root: css({
    display: 'inline-flex',
    flexWrap: 'wrap',
    columnGap: '1.5',
    alignItems: 'baseline',
    fontSize: 'sm',
    fontVariantNumeric: 'tabular-nums',
  }),
  price: css({ color: 'fg.default', borderRadius: 'xs', px: '0.5', mx: '-0.5' }),
  // a tick flashes the price, so a moving market does not look frozen; still for who asked for less motion
  flash: css({ animation: 'priceFlash 0.8s ease-out', _motionReduce: { animation: 'none' } }),
  state: css({ color: 'fg.muted', fontSize: 'xs' }),
}

const changeStyles: Record<MoveDirection, string> = {
  up: css({ color: 'up.text', fontWeight: 'medium' }),
  down: css({ color: 'down.text', fontWeight: 'medium' }),
  flat: css({ color: 'fg.muted' }),
}

// the sign says it too; the arrow only helps the eye
const arrows: Record<MoveDirection, string> = { up: '▲', down: '▼', flat: '' }

/**
 * A title's latest price with what makes it true (issue 17): its change since the previous close in
 * percent (signed, green up, red down) and its market's state (open, or closed with the next opening on
 * the game's clock). A tick flashes the price. The one price display of the stream, the ticker panel,
 * the polls and the watch list; it reads only its title's price, in batches (`feedBatchMs`).
 */
export const PriceWithChange = memo(function PriceWithChange({
  titleId,
  id,
}: {
  readonly titleId: number
  readonly id?: string
}) {
  const client = useClient()
  const currency = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleCurrency(snapshot.context, titleId),
  )
  const hours = useSelector(client.store('titleInfo'), (snapshot) =>
    selectTitleHours(snapshot.context, titleId),
  )
  const latest = useSelector(batched(client.prices), (snapshot) =>
    selectLatestPrice(snapshot.context, titleId),
  )
  const now = useMinuteClock()
  // the price seen first does not flash: only a tick that came while it showed
  const firstAt = useRef(latest?.at)
  firstAt.current ??= latest?.at
  const state = marketStateAt(hours, now)
  const change = latest && changeSinceClose(latest.previousClose, latest.price)
  return (
    <span id={id} className={styles.root} data-testid="price-with-change">
      <span
        key={latest?.at}
        className={cx(styles.price, latest && latest.at !== firstAt.current && styles.flash)}
      >
        {latest === undefined ? 'no price yet' : formatPrice(latest.price, currency)}
      </span>
      {change && (
        <span className={changeStyles[change.direction]} title={change.spoken}>
          {arrows[change.direction] && <span aria-hidden>{arrows[change.direction]} </span>}
          {change.percent}
          <span className={css({ srOnly: true })}> since the previous close</span>
        </span>
      )}
      {state && <span className={styles.state}>{marketStateText(state, now)}</span>}
    </span>
  )
})
