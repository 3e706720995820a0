import { styled } from 'styled-system/jsx'
import { text } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * A heading on Park UI's `text` recipe (the preset ships no separate `heading` recipe).
 *
 * - `as`: the heading level, e.g. `as="h1"` — @default 'h2'
 * - `size`: 'xs' … '7xl' (text styles with their line heights) — no default: inherits
 * - `variant`: @default 'heading' (semibold, `fg.default`)
 */
export const Heading = styled('h2', text, {
  defaultProps: { variant: 'heading' },
})

export type HeadingProps = ComponentProps<typeof Heading>
