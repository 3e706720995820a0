import { Tooltip } from '@ark-ui/react/tooltip'
import { createStyleContext } from 'styled-system/jsx'
import { tooltip } from 'styled-system/recipes'
import type { ComponentProps } from 'styled-system/types'

/*
 * Park UI's `tooltip` slot recipe on Ark's Tooltip: shown on hover and keyboard focus of the
 * trigger, hidden on Escape; the trigger is described by the content (`aria-describedby`).
 * Supplementary only: never the sole name of a control (an `IconButton` keeps its `aria-label`).
 */
const { withRootProvider, withContext } = createStyleContext(tooltip)

/**
 * State holder (renders no element): `openDelay` / `closeDelay` (ms), `positioning`
 * (e.g. `{ placement: 'top' }`), `open` / `onOpenChange`, `disabled`, `interactive`.
 */
export const Root = withRootProvider(Tooltip.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
})
/** The described element; use `asChild` around a focusable element. */
export const Trigger = withContext(Tooltip.Trigger, 'trigger')
/** Floats `Content` next to the trigger; may be wrapped in `<Portal>`. */
export const Positioner = withContext(Tooltip.Positioner, 'positioner')
/** The `role="tooltip"` bubble. */
export const Content = withContext(Tooltip.Content, 'content')
export const Arrow = withContext(Tooltip.Arrow, 'arrow')
export const ArrowTip = withContext(Tooltip.ArrowTip, 'arrowTip')

export type RootProps = ComponentProps<typeof Root>
export type TriggerProps = ComponentProps<typeof Trigger>
export type PositionerProps = ComponentProps<typeof Positioner>
export type ContentProps = ComponentProps<typeof Content>
