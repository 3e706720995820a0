import { ark } from '@ark-ui/react/factory'
import { styled } from 'styled-system/jsx'
import { button } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/**
 * Park UI's `button` recipe on Ark's `button` factory element.
 *
 * - `variant`: 'solid' | 'outline' | 'ghost' | 'link' | 'subtle' — @default 'solid'
 * - `size`: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl' — @default 'md'
 * - `colorPalette`: any palette, e.g. 'up' / 'down' for trade actions — @default the accent
 * - `asChild`: render the child (e.g. a wouter `<Link>`) with the button's props and styles
 *
 * Like a native button it submits inside a form: pass `type="button"` for other actions.
 */
export const Button = styled(ark.button, button)

export type ButtonProps = ComponentProps<typeof Button>
