import { Menu } from '@ark-ui/react/menu'
import { createStyleContext } from 'styled-system/jsx'
import { menu } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `menu` slot recipe on Ark's Menu: a `role="menu"` popup; the trigger opens it with
 * Enter / Space / ArrowDown, arrow keys and typeahead move between items, Enter selects, Escape
 * closes and returns focus to the trigger.
 */
const { withRootProvider, withContext } = createStyleContext(menu)

/**
 * State holder (renders no element).
 * - `onSelect` (`{ value }`): the chosen item's `value`
 * - `open` / `onOpenChange` or `defaultOpen`; `positioning` (e.g. `{ placement: 'bottom-end' }`)
 * - `closeOnSelect` — @default true
 * - `size`: 'xs' | 'sm' | 'md' | 'lg' — @default 'md'
 */
export const Root = withRootProvider(Menu.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
})
/** The button with `aria-haspopup="menu"`; use `asChild` around a `Button` or `IconButton`. */
export const Trigger = withContext(Menu.Trigger, 'trigger')
/** An item that opens a nested `Menu.Root`. */
export const TriggerItem = withContext(Menu.TriggerItem, 'triggerItem')
/** Right-click area that opens the menu at the pointer. */
export const ContextTrigger = withContext(Menu.ContextTrigger, 'contextTrigger')
/** Floats `Content` next to the trigger; may be wrapped in `<Portal>`. */
export const Positioner = withContext(Menu.Positioner, 'positioner')
/** The `role="menu"` list. */
export const Content = withContext(Menu.Content, 'content')
/** A `role="menuitem"`: `value` (required, reported to `onSelect`), `disabled`, `onSelect`. */
export const Item = withContext(Menu.Item, 'item')
export const ItemText = withContext(Menu.ItemText, 'itemText')
/** Marks a checked `CheckboxItem` / `RadioItem`. */
export const ItemIndicator = withContext(Menu.ItemIndicator, 'itemIndicator')
/** A `role="group"` labelled by its `ItemGroupLabel`. */
export const ItemGroup = withContext(Menu.ItemGroup, 'itemGroup')
export const ItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel')
/** A `role="separator"` `<hr>`. */
export const Separator = withContext(Menu.Separator, 'separator')
/** A `role="menuitemcheckbox"`: `value`, `checked`, `onCheckedChange`. */
export const CheckboxItem = withContext(Menu.CheckboxItem, 'item')
/** Groups `RadioItem`s: `value`, `onValueChange`. */
export const RadioItemGroup = withContext(Menu.RadioItemGroup, 'itemGroup')
/** A `role="menuitemradio"`: `value`. */
export const RadioItem = withContext(Menu.RadioItem, 'item')
export const Indicator = withContext(Menu.Indicator, 'indicator')
export const Arrow = withContext(Menu.Arrow, 'arrow')
export const ArrowTip = withContext(Menu.ArrowTip, 'arrowTip')

export type RootProps = ComponentProps<typeof Root>
export type TriggerProps = ComponentProps<typeof Trigger>
export type PositionerProps = ComponentProps<typeof Positioner>
export type ContentProps = ComponentProps<typeof Content>
export type ItemProps = ComponentProps<typeof Item>
export type ItemGroupProps = ComponentProps<typeof ItemGroup>
export type ItemGroupLabelProps = ComponentProps<typeof ItemGroupLabel>
export type SeparatorProps = ComponentProps<typeof Separator>
