import { Button, type ButtonProps } from './button'

/** `Button` props, with `aria-label` required: an icon alone gives the button no name. */
export type IconButtonProps = ButtonProps & { 'aria-label': string }

/**
 * A square `Button` holding one icon (mark the icon `aria-hidden`).
 *
 * - `aria-label`: required, the action (e.g. "Close", "Open menu")
 * - `variant`, `size`, `colorPalette`, `asChild`: as `Button` — @default 'solid', 'md'
 * - pass `type="button"` inside forms
 */
export const IconButton = (props: IconButtonProps) => <Button px="0" {...props} />
