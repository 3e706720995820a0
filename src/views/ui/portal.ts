import { Portal as ArkPortal } from '@ark-ui/react/portal'

/**
 * Renders its children into `document.body` (or `container`), out of clipping / stacking
 * contexts: wrap `Dialog` / `Drawer` `Backdrop` + `Positioner` and floating `Positioner`s in it.
 * Unstyled; `disabled` renders in place.
 */
export const Portal = ArkPortal
