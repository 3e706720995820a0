import { SegmentGroup } from '@ark-ui/react/segment-group'
import { createStyleContext } from 'styled-system/jsx'
import { segmentGroup } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `segmentGroup` slot recipe on Ark's SegmentGroup: a radio group drawn as a row of
 * labels with a sliding underline (e.g. up / flat / down). Keyboard and roles as `RadioGroup`.
 */
const { withProvider, withContext } = createStyleContext(segmentGroup)

/**
 * - `value` / `onValueChange` (`{ value }`) or `defaultValue`
 * - `name`, `disabled`, `readOnly`
 * - `orientation`: 'horizontal' | 'vertical' — @default 'horizontal'
 * - `size`: 'sm' | 'md' — @default 'md'
 * Name the group with `Label` or `aria-label`.
 */
export const Root = withProvider(SegmentGroup.Root, 'root')
export const Label = withContext(SegmentGroup.Label, 'label')
/** A `<label>` for one option: `value`, `disabled`. Holds `ItemText`, `ItemControl`, `ItemHiddenInput`. */
export const Item = withContext(SegmentGroup.Item, 'item')
export const ItemText = withContext(SegmentGroup.ItemText, 'itemText')
/** Unstyled by the recipe; render it for the focus / state data attributes. */
export const ItemControl = withContext(SegmentGroup.ItemControl, 'itemControl')
/** The native radio, visually hidden. Always render it in each `Item`. */
export const ItemHiddenInput = SegmentGroup.ItemHiddenInput
/** The underline under the checked item: render it once inside `Root`. */
export const Indicator = withContext(SegmentGroup.Indicator, 'indicator')

export type RootProps = ComponentProps<typeof Root>
export type LabelProps = ComponentProps<typeof Label>
export type ItemProps = ComponentProps<typeof Item>
export type ItemTextProps = ComponentProps<typeof ItemText>
export type ItemControlProps = ComponentProps<typeof ItemControl>
export type IndicatorProps = ComponentProps<typeof Indicator>
