import { styled } from 'styled-system/jsx'
import { text } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Body copy on Park UI's `text` recipe.
 *
 * - `as`: e.g. 'span' or 'label' — @default 'p'
 * - `size`: 'xs' … '7xl' — no default: inherits the surrounding text style
 * - `color`: any token, e.g. 'fg.muted', or 'up.text' / 'down.text' for price moves
 */
export const Text = styled('p', text)

export type TextProps = ComponentProps<typeof Text>
