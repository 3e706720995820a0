import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { spinner } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `spinner` recipe: a spinning ring, announced as `role="status"` with the label
 * "Loading" (override `aria-label`; pass `aria-hidden` when a visible text already says it).
 *
 * - `size`: 'xs' | 'sm' | 'md' | 'lg' | 'xl' — @default 'md'
 * - `colorPalette`: the ring colour — @default the accent
 */
export const Spinner = styled(ark.span, spinner, {
  defaultProps: { role: 'status', 'aria-label': 'Loading' },
})

export type SpinnerProps = ComponentProps<typeof Spinner>
