import { TrendingDown, TrendingUp } from 'lucide-react'
import type { MouseEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import type { Trend } from '~/domain/prediction'
import { feedKeyShortcuts } from './feed-keys'

// the classes of `<Button size="sm" variant="outline" colorPalette="up" color="up.text">`, built once:
// a row is made 50 times a second, and the styled Button resolves its props on every render
const classes = {
  row: css({ display: 'flex', gap: '2' }),
  up: cx(button({ size: 'sm', variant: 'outline' }), css({ colorPalette: 'up', color: 'up.text' })),
  down: cx(button({ size: 'sm', variant: 'outline' }), css({ colorPalette: 'down', color: 'down.text' })),
}

/**
 * The Up and Down predictions of a message. Named 'Up' and 'Down' (the message around them says which
 * one), described by the title and its price.
 */
export function TagButtons({
  onTag,
  describedBy,
}: {
  readonly onTag: (trend: Trend, from: HTMLElement) => void
  readonly describedBy?: string
}) {
  const tag = (trend: Trend) => (event: MouseEvent<HTMLButtonElement>) => onTag(trend, event.currentTarget)
  return (
    <div className={classes.row}>
      <button
        type="button"
        className={classes.up}
        aria-describedby={describedBy}
        aria-keyshortcuts={feedKeyShortcuts.up}
        onClick={tag('Up')}
      >
        <TrendingUp aria-hidden />
        Up
      </button>
      <button
        type="button"
        className={classes.down}
        aria-describedby={describedBy}
        aria-keyshortcuts={feedKeyShortcuts.down}
        onClick={tag('Down')}
      >
        <TrendingDown aria-hidden />
        Down
      </button>
    </div>
  )
}
