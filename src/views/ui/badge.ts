import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { badge } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `badge` recipe on a `<span>`: a small pill for counts and states.
 *
 * - `variant`: 'subtle' | 'solid' | 'outline' — @default 'subtle'
 * - `size`: 'sm' | 'md' | 'lg' — @default 'md'
 * - `colorPalette`: used by 'solid', e.g. 'up' / 'down'
 */
export const Badge = styled(ark.span, badge)

export type BadgeProps = ComponentProps<typeof Badge>
