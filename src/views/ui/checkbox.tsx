import { Checkbox } from '@ark-ui/react/checkbox'
import { CheckIcon, MinusIcon } from 'lucide-react'
import { createStyleContext } from 'styled-system/jsx'
import { checkbox } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `checkbox` slot recipe on Ark's Checkbox. The real control is `HiddenInput` (a native
 * checkbox, so Space toggles it and forms submit it); `Root` is its `<label>`.
 */
const { withProvider, withContext } = createStyleContext(checkbox)

/**
 * A `<label>` around the parts: render `Control`, `Label` and `HiddenInput` inside it.
 * - `checked` / `onCheckedChange` (`{ checked }`) or `defaultChecked`; `checked` may be
 *   'indeterminate'
 * - `name`, `value`, `required`, `disabled`, `invalid`, `readOnly`
 * - `size`: 'sm' | 'md' | 'lg' — @default 'md'
 */
export const Root = withProvider(Checkbox.Root, 'root')
/** The visible box; render `Indicator` inside it. */
export const Control = withContext(Checkbox.Control, 'control')
/** The visible label text (the root `<label>` names the input). */
export const Label = withContext(Checkbox.Label, 'label')
/** The native `<input type="checkbox">`, visually hidden. Always render it. */
export const HiddenInput = Checkbox.HiddenInput

const StyledIndicator = withContext(Checkbox.Indicator, 'indicator')

export type IndicatorProps = ComponentProps<typeof StyledIndicator>

/**
 * Shown while checked; draws a check icon unless given children. With `indeterminate` it shows
 * while indeterminate instead, drawing a dash.
 */
export const Indicator = ({ children, ...props }: IndicatorProps) => (
  <StyledIndicator {...props}>
    {children ?? (props.indeterminate ? <MinusIcon aria-hidden /> : <CheckIcon aria-hidden />)}
  </StyledIndicator>
)

export type RootProps = ComponentProps<typeof Root>
export type ControlProps = ComponentProps<typeof Control>
export type LabelProps = ComponentProps<typeof Label>
export type HiddenInputProps = ComponentProps<typeof HiddenInput>
