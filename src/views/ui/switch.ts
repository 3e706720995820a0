import { Switch } from '@ark-ui/react/switch'
import { createStyleContext } from 'styled-system/jsx'
import { switchRecipe } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `switchRecipe` slot recipe on Ark's Switch: a native checkbox (`HiddenInput`) with
 * `role="switch"`, so Space toggles it and screen readers announce on / off.
 */
const { withProvider, withContext } = createStyleContext(switchRecipe)

/**
 * A `<label>` around the parts: render `Control` (with `Thumb`), `Label` and `HiddenInput`.
 * - `checked` / `onCheckedChange` (`{ checked }`) or `defaultChecked`
 * - `name`, `value`, `disabled`, `invalid`, `readOnly`, `required`
 * - `size`: 'sm' | 'md' | 'lg' — @default 'md'
 */
export const Root = withProvider(Switch.Root, 'root')
/** The track. */
export const Control = withContext(Switch.Control, 'control')
/** The knob, inside `Control`. */
export const Thumb = withContext(Switch.Thumb, 'thumb')
/** The visible label text. */
export const Label = withContext(Switch.Label, 'label')
/** The native input, visually hidden. Always render it. */
export const HiddenInput = Switch.HiddenInput

export type RootProps = ComponentProps<typeof Root>
export type ControlProps = ComponentProps<typeof Control>
export type ThumbProps = ComponentProps<typeof Thumb>
export type LabelProps = ComponentProps<typeof Label>
