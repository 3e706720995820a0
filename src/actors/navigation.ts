import { errorRoute } from '../machines/notices'

/** The app's router as the machines' effects see it; the view layer wires its router in. */
export interface Navigator {
  /** the current location: path and query */
  current(): string
  /** goes to `to`; `replace` swaps the current history entry instead of adding one */
  go(to: string, options?: { readonly replace?: boolean }): void
}

/** The error route and the way back from it, shared by the server-error policy and state fetching. */
export interface ErrorRouting {
  /** shows the error route, remembering where the app was (once: repeated failures keep the first place) */
  toError(): void
  /** returns to where the app was before the error route, unless the player has left it already */
  back(): void
}

const routings = new WeakMap<Navigator, ErrorRouting>()

/** One memory per navigator, so the policy's `toError` and state fetching's `back` agree. */
export function errorRoutingFor(navigator: Navigator): ErrorRouting {
  const known = routings.get(navigator)
  if (known) return known
  let returnTo: string | undefined
  const routing: ErrorRouting = {
    toError() {
      const here = navigator.current()
      if (here === errorRoute) return
      returnTo = here
      navigator.go(errorRoute)
    },
    back() {
      const target = returnTo
      returnTo = undefined
      if (target !== undefined && navigator.current() === errorRoute) navigator.go(target, { replace: true })
    },
  }
  routings.set(navigator, routing)
  return routing
}
