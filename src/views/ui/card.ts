import { ark } from '@ark-ui/react/factory'
import { createStyleContext } from 'styled-system/jsx'
import { card } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `card` slot recipe: the root computes every slot's class once and shares it through
 * context, so each part below only picks its own slot.
 */
const { withProvider, withContext } = createStyleContext(card)

/** The surface: raised background, radius `l3`, shadow `lg`; lays its parts out in a column. */
export const Root = withProvider(ark.div, 'root')
/** Holds `Title` and `Description`. */
export const Header = withContext(ark.div, 'header')
/** The content; grows to fill the card. */
export const Body = withContext(ark.div, 'body')
/** Actions, aligned to the end. */
export const Footer = withContext(ark.div, 'footer')
/** An `h3` by default; pass `asChild` around another heading level when the outline needs it. */
export const Title = withContext(ark.h3, 'title')
export const Description = withContext(ark.p, 'description')

export type RootProps = ComponentProps<typeof Root>
export type HeaderProps = ComponentProps<typeof Header>
export type BodyProps = ComponentProps<typeof Body>
export type FooterProps = ComponentProps<typeof Footer>
export type TitleProps = ComponentProps<typeof Title>
export type DescriptionProps = ComponentProps<typeof Description>
