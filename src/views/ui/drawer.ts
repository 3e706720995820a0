import { Dialog } from '@ark-ui/react/dialog'
import { ark } from '@ark-ui/react/factory'
import { createStyleContext } from 'styled-system/jsx'
import { drawer } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `drawer` slot recipe: a full-height side panel built on Ark's Dialog, so it has the
 * same focus trap, Escape handling and labelling as `Dialog`.
 */
const { withRootProvider, withContext } = createStyleContext(drawer)

/**
 * State holder (renders no element); same props as `Dialog.Root`.
 * - `variant`: the side it slides in from, 'left' | 'right' — @default 'right'
 */
export const Root = withRootProvider(Dialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
})
export const Trigger = withContext(Dialog.Trigger, 'trigger')
/** Wrap `Backdrop` and `Positioner` in `<Portal>`. */
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop')
/** Full-height column pinned to the chosen side (full width below the `sm` breakpoint). */
export const Positioner = withContext(Dialog.Positioner, 'positioner')
/** The `role="dialog"` panel: a grid of `Header`, `Body` (scrolls) and `Footer`. */
export const Content = withContext(Dialog.Content, 'content')
/** Holds `Title` and `Description`. */
export const Header = withContext(ark.div, 'header')
export const Body = withContext(ark.div, 'body')
/** Actions, aligned to the end. */
export const Footer = withContext(ark.div, 'footer')
/** An `h2`; becomes the drawer's accessible name. Always render one. */
export const Title = withContext(Dialog.Title, 'title')
export const Description = withContext(Dialog.Description, 'description')
/** Unpositioned: place it (e.g. `position="absolute" top="3" right="4"`) around an `IconButton`. */
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger')
export const Context = Dialog.Context

export type RootProps = ComponentProps<typeof Root>
export type TriggerProps = ComponentProps<typeof Trigger>
export type BackdropProps = ComponentProps<typeof Backdrop>
export type PositionerProps = ComponentProps<typeof Positioner>
export type ContentProps = ComponentProps<typeof Content>
export type HeaderProps = ComponentProps<typeof Header>
export type BodyProps = ComponentProps<typeof Body>
export type FooterProps = ComponentProps<typeof Footer>
export type TitleProps = ComponentProps<typeof Title>
export type DescriptionProps = ComponentProps<typeof Description>
export type CloseTriggerProps = ComponentProps<typeof CloseTrigger>
