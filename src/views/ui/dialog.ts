import { Dialog } from '@ark-ui/react/dialog'
import { createStyleContext } from 'styled-system/jsx'
import { dialog } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `dialog` slot recipe on Ark's modal Dialog. Ark traps focus in `Content`, closes on
 * Escape and outside click, hides the rest of the page from assistive technology and labels the
 * dialog by its `Title` and `Description`.
 */
const { withRootProvider, withContext } = createStyleContext(dialog)

/**
 * State holder (renders no element): `open` / `onOpenChange` to control it, `defaultOpen`,
 * `role`: 'dialog' | 'alertdialog', `initialFocusEl`, `closeOnInteractOutside`, `closeOnEscape`.
 * Content mounts on first open and unmounts when closed (`lazyMount`, `unmountOnExit`).
 */
export const Root = withRootProvider(Dialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
})
/** A button that opens the dialog; use `asChild` around a `Button`. */
export const Trigger = withContext(Dialog.Trigger, 'trigger')
/** The blurred overlay; wrap `Backdrop` and `Positioner` in `<Portal>`. */
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop')
/** Fixed full-viewport layer that centres `Content`. */
export const Positioner = withContext(Dialog.Positioner, 'positioner')
/** The `role="dialog"` surface (no padding of its own: pass e.g. `p="6"`). */
export const Content = withContext(Dialog.Content, 'content')
/** An `h2`; becomes the dialog's accessible name. Always render one. */
export const Title = withContext(Dialog.Title, 'title')
/** A `p`; becomes the dialog's accessible description. */
export const Description = withContext(Dialog.Description, 'description')
/** A button that closes the dialog; use `asChild` around an `IconButton` with an `aria-label`. */
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger')
/** Render-prop access to the dialog API: `{(dialog) => …}`. */
export const Context = Dialog.Context

export type RootProps = ComponentProps<typeof Root>
export type TriggerProps = ComponentProps<typeof Trigger>
export type BackdropProps = ComponentProps<typeof Backdrop>
export type PositionerProps = ComponentProps<typeof Positioner>
export type ContentProps = ComponentProps<typeof Content>
export type TitleProps = ComponentProps<typeof Title>
export type DescriptionProps = ComponentProps<typeof Description>
export type CloseTriggerProps = ComponentProps<typeof CloseTrigger>
