import { errorRoute } from '../machines/notices'
import { errorRoutingFor, type Navigator } from './navigation'

/**
 * The error page's 'Try again': back to the page whose call failed (the place the server-error policy
 * remembered), or home when the player opened /error directly.
 */
export function leaveErrorPage(navigator: Navigator): void {
  errorRoutingFor(navigator).back()
  if (navigator.current().split('?')[0] === errorRoute) navigator.go('/', { replace: true })
}
