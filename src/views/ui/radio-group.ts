import { RadioGroup } from '@ark-ui/react/radio-group'
import { createStyleContext } from 'styled-system/jsx'
import { radioGroup } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `radioGroup` slot recipe on Ark's RadioGroup: native radios (`ItemHiddenInput`) in a
 * `role="radiogroup"`, so Tab enters the group and arrow keys move and select.
 */
const { withProvider, withContext } = createStyleContext(radioGroup)

/**
 * - `value` / `onValueChange` (`{ value }`) or `defaultValue`
 * - `name` (for forms), `disabled`, `readOnly`
 * - `orientation`: 'horizontal' | 'vertical' — @default 'vertical'
 * - `size`: 'sm' | 'md' | 'lg' — @default 'md'
 * Name the group with `Label` or `aria-label`.
 */
export const Root = withProvider(RadioGroup.Root, 'root')
/** Names the group. */
export const Label = withContext(RadioGroup.Label, 'label')
/** A `<label>` for one option: `value`, `disabled`. Holds `ItemControl`, `ItemText`, `ItemHiddenInput`. */
export const Item = withContext(RadioGroup.Item, 'item')
/** The option's visible text. */
export const ItemText = withContext(RadioGroup.ItemText, 'itemText')
/** The round control. */
export const ItemControl = withContext(RadioGroup.ItemControl, 'itemControl')
/** The native radio, visually hidden. Always render it in each `Item`. */
export const ItemHiddenInput = RadioGroup.ItemHiddenInput
/** Optional highlight that moves to the checked item. */
export const Indicator = withContext(RadioGroup.Indicator, 'indicator')

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type ItemProps = ComponentProps<typeof Item>
export type ItemTextProps = ComponentProps<typeof ItemText>
export type ItemControlProps = ComponentProps<typeof ItemControl>
export type IndicatorProps = ComponentProps<typeof Indicator>
