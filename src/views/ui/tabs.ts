import { Tabs } from '@ark-ui/react/tabs'
import { createStyleContext } from 'styled-system/jsx'
import { tabs } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `tabs` slot recipe on Ark's Tabs: roles tablist / tab / tabpanel, arrow keys move
 * between tabs (Home / End too), and the selected tab's panel is labelled by its trigger.
 */
const { withProvider, withContext } = createStyleContext(tabs)

/**
 * - `value` / `onValueChange` (`{ value }`) or `defaultValue`: the selected tab
 * - `variant`: 'line' | 'enclosed' | 'outline' — @default 'line'
 * - `size`: 'sm' | 'md' | 'lg' — @default 'md'
 * - `orientation`: 'horizontal' | 'vertical'; `activationMode`: 'automatic' (arrow keys select)
 *   | 'manual' (Enter / Space select) — @default 'automatic'
 * - `lazyMount` / `unmountOnExit`: mount panels only when selected
 */
export const Root = withProvider(Tabs.Root, 'root')
/** The `role="tablist"`; give it an `aria-label` when no heading names the tabs. */
export const List = withContext(Tabs.List, 'list')
/** A `role="tab"` button; `value` ties it to its `Content`, `disabled` skips it. */
export const Trigger = withContext(Tabs.Trigger, 'trigger')
/** The `role="tabpanel"` of the tab with the same `value`. */
export const Content = withContext(Tabs.Content, 'content')
/** The moving underline / pill under the selected tab: render it once inside `List`. */
export const Indicator = withContext(Tabs.Indicator, 'indicator')

export type RootProps = ComponentProps<typeof Root>
export type ListProps = ComponentProps<typeof List>
export type TriggerProps = ComponentProps<typeof Trigger>
export type ContentProps = ComponentProps<typeof Content>
export type IndicatorProps = ComponentProps<typeof Indicator>
