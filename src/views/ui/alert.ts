import { ark } from '@ark-ui/react/factory'
import { createStyleContext } from 'styled-system/jsx'
import { alert } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `alert` slot recipe: a bordered box with an icon, a title and a description. No Ark
 * machine behind it: choose the live-region role yourself.
 */
const { withProvider, withContext } = createStyleContext(alert)

/**
 * A `<div>`. Pass `role="alert"` for errors that appear after an action (announced at once) or
 * `role="status"` for polite notices; none for static content.
 */
export const Root = withProvider(ark.div, 'root')
/** A lucide icon as child via `asChild` (`<Alert.Icon asChild><CircleAlertIcon aria-hidden /></Alert.Icon>`). */
export const Icon = withContext(ark.svg, 'icon')
/** Holds `Title` and `Description`. */
export const Content = withContext(ark.div, 'content')
/** A `p`; pass `asChild` around a heading when it should be in the outline. */
export const Title = withContext(ark.p, 'title')
export const Description = withContext(ark.div, 'description')

export type RootProps = ComponentProps<typeof Root>
export type IconProps = ComponentProps<typeof Icon>
export type ContentProps = ComponentProps<typeof Content>
export type TitleProps = ComponentProps<typeof Title>
export type DescriptionProps = ComponentProps<typeof Description>
