import { navigate } from 'wouter/use-browser-location'
import type { Navigator } from '~/actors/navigation'

/** The machines' navigator on the browser's history, the same one wouter's routes follow. */
export const browserNavigator: Navigator = {
  current: () => `${location.pathname}${location.search}`,
  go: (to, options) => navigate(to, { replace: options?.replace ?? false }),
}
