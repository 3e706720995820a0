import { RadioGroup } from '@ark-ui/react/radio-group'
import { css } from 'styled-system/css'
import { createStyleContext } from 'styled-system/jsx'
import { radioButtonGroup } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `radioButtonGroup` slot recipe on Ark's RadioGroup: a radio group drawn as a row of
 * buttons, e.g. the up / flat / down choice. Keyboard and roles as `RadioGroup` (Tab enters,
 * arrow keys move and select).
 */
const { withProvider, withContext } = createStyleContext(radioButtonGroup)

// the preset gives the items no focus style: ring the item whose hidden radio has keyboard focus
const focusRing = css({
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
})

/**
 * - `value` / `onValueChange` (`{ value }`) or `defaultValue`; `name`, `disabled`, `readOnly`
 * - `variant`: 'solid' | 'outline' — @default 'solid'
 * - `size`: 'sm' | 'md' | 'lg' | 'xl' — @default 'md'
 * - `colorPalette` per `Item`, e.g. 'up' / 'down' for the checked colour
 * Name the group with `Label` or `aria-label`; lay the items out with `gap`.
 */
export const Root = withProvider(RadioGroup.Root, 'root')
export const Label = withContext(RadioGroup.Label, 'label')
/** A button-like `<label>` for one option: `value`, `disabled`. Holds `ItemText` and `ItemHiddenInput`. */
export const Item = withContext(RadioGroup.Item, 'item', { defaultProps: { className: focusRing } })
export const ItemText = withContext(RadioGroup.ItemText, 'itemText')
export const ItemControl = withContext(RadioGroup.ItemControl, 'itemControl')
/** The native radio, visually hidden. Always render it in each `Item`. */
export const ItemHiddenInput = RadioGroup.ItemHiddenInput

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type ItemProps = ComponentProps<typeof Item>
export type ItemTextProps = ComponentProps<typeof ItemText>
export type ItemControlProps = ComponentProps<typeof ItemControl>
