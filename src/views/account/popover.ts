import { Popover } from '@ark-ui/react/popover'
import { createStyleContext } from 'styled-system/jsx'
import { popover } from 'styled-system/recipes'

/*
 * Park UI's `popover` slot recipe on Ark's Popover (the kit has none): a non-modal `role="dialog"`
 * that opens from its trigger, closes on Escape and outside click and returns focus to the trigger.
 * Import as `* as Popover` and write `<Popover.Root>`: Panda finds the recipe's usage by that name.
 */
const { withRootProvider, withContext } = createStyleContext(popover)

/** State holder: `open` / `onOpenChange`, `positioning`; content mounts on open only. */
export const Root = withRootProvider(Popover.Root, { defaultProps: { lazyMount: true, unmountOnExit: true } })
export const Trigger = withContext(Popover.Trigger, 'trigger')
/** Floats `Content` next to the trigger; wrap in `<Portal>`. */
export const Positioner = withContext(Popover.Positioner, 'positioner')
export const Content = withContext(Popover.Content, 'content')
/** Names the popover's dialog. */
export const Title = withContext(Popover.Title, 'title')
export const Description = withContext(Popover.Description, 'description')
export const CloseTrigger = withContext(Popover.CloseTrigger, 'closeTrigger')
