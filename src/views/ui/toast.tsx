import { Toast as ArkToast, Toaster as ArkToaster, createToaster } from '@ark-ui/react/toast'
import { XIcon } from 'lucide-react'
import { createStyleContext } from 'styled-system/jsx'
import { toast } from 'styled-system/recipes'
import { Button } from './button'
import { IconButton } from './icon-button'

/*
 * Park UI's `toast` slot recipe on Ark's Toast. Toasts live in a `role="region"` (Alt+T moves focus
 * there); each toast is a `role="status"` labelled by its title and paused while hovered or
 * focused.
 */
const { withProvider, withContext } = createStyleContext(toast)

// one object so the JSX below reads `Toast.Root` etc.: Panda finds the `toast` recipe's usage by
// those names and emits its CSS
const Toast = {
  Root: withProvider(ArkToast.Root, 'root'),
  Title: withContext(ArkToast.Title, 'title'),
  Description: withContext(ArkToast.Description, 'description'),
  ActionTrigger: withContext(ArkToast.ActionTrigger, 'actionTrigger'),
  CloseTrigger: withContext(ArkToast.CloseTrigger, 'closeTrigger'),
}

/**
 * The app's one toast store: `toaster.create({ title, description, type, action, duration })`,
 * also `toaster.success(…)`, `.error(…)`, `.info(…)`, `.warning(…)`, `.loading(…)` (stays until
 * updated), `.promise(promise, { loading, success, error })`, `.update(id, …)`, `.dismiss(id?)`.
 * `type`: 'info' | 'success' | 'error' | 'warning' | 'loading'; `action`: `{ label, onClick }`;
 * `closable: false` hides the close button. Bottom-end, stacked, 5000 ms unless `duration` says.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  overlap: true,
  gap: 16,
  duration: 5000,
})

/** Renders the `toaster`'s toasts; mount it once, at the app root. */
export const Toaster = () => (
  <ArkToaster toaster={toaster}>
    {(item) => (
      <Toast.Root key={item.id}>
        {item.title && <Toast.Title>{item.title}</Toast.Title>}
        {item.description && <Toast.Description>{item.description}</Toast.Description>}
        {item.action && (
          <Toast.ActionTrigger asChild>
            <Button variant="link" size="sm">
              {item.action.label}
            </Button>
          </Toast.ActionTrigger>
        )}
        {item.closable !== false && (
          <Toast.CloseTrigger asChild>
            <IconButton aria-label="Dismiss notification" variant="ghost" size="sm">
              <XIcon aria-hidden />
            </IconButton>
          </Toast.CloseTrigger>
        )}
      </Toast.Root>
    )}
  </ArkToaster>
)
