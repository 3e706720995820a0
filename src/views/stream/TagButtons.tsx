import { TrendingDown, TrendingUp } from 'lucide-react'
import { type MouseEvent, useId } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { Trend } from '~/domain/prediction'
import { feedKeyShortcuts } from './feed-keys'
import type { TagRefusals } from './use-tag-refusals'

// the classes of `<Button size="sm" variant="outline" colorPalette="up" color="up.text">`, built once:
// a row is made 50 times a second, and the styled Button resolves its props on every render
const direction = button({ size: 'sm', variant: 'outline' })
// The direction's colour is a utility, which outranks the recipe's disabled colour: disabled, the text
// is grey again (a state selector outranks the plain colour), or a refused direction would look as
// pressable as an allowed one.
const greyWhenDisabled = css({ _disabled: { color: 'fg.disabled' } })
const classes = {
  box: css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1' }),
  row: css({ display: 'flex', gap: '2' }),
  up: cx(direction, css({ colorPalette: 'up', color: 'up.text' }), greyWhenDisabled),
  down: cx(direction, css({ colorPalette: 'down', color: 'down.text' }), greyWhenDisabled),
  reason: css({ fontSize: 'xs', color: 'fg.muted', textAlign: 'end', maxW: 'xs' }),
}

/** The two directions, in the order they show. */
const directions = [
  { trend: 'Up', Icon: TrendingUp, className: classes.up, shortcut: feedKeyShortcuts.up },
  { trend: 'Down', Icon: TrendingDown, className: classes.down, shortcut: feedKeyShortcuts.down },
] as const

const described = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

/**
 * The Up and Down predictions of a message. Named 'Up' and 'Down' (the message around them says which
 * one), described by the title and its price. A direction the fair-play rules refuse is disabled, and
 * the reason is shown beside the buttons and describes them.
 */
export function TagButtons({
  onTag,
  describedBy,
  refusals = {},
}: {
  readonly onTag: (trend: Trend, from: HTMLElement) => void
  readonly describedBy?: string
  readonly refusals?: TagRefusals
}) {
  const reasonId = useId()
  const tag = (trend: Trend) => (event: MouseEvent<HTMLButtonElement>) => onTag(trend, event.currentTarget)
  const reason = refusals.Up ?? refusals.Down
  return (
    <div className={classes.box}>
      <div className={classes.row}>
        {directions.map(({ trend, Icon, className, shortcut }) => (
          <button
            key={trend}
            type="button"
            className={className}
            disabled={refusals[trend] !== undefined}
            title={refusals[trend]}
            aria-describedby={described(describedBy, refusals[trend] && reasonId)}
            aria-keyshortcuts={shortcut}
            onClick={tag(trend)}
          >
            <Icon aria-hidden />
            {trend}
          </button>
        ))}
      </div>
      {reason ? (
        <p id={reasonId} className={classes.reason}>
          {reason}
        </p>
      ) : null}
    </div>
  )
}
