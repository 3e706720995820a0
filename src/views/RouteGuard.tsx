import { useSelector } from '@xstate/react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { routeFor } from '~/machines/session.routes'
import { selectFirstTime, selectLoggedIn } from '~/machines/session.select'
import { useClient } from './client-context'

/**
 * Spec §2 rules 1 to 3 on every navigation (the session machine applies them when the session changes;
 * this applies them when the player follows a link or types a path).
 */
export function RouteGuard() {
  const { session } = useClient()
  const loggedIn = useSelector(session, selectLoggedIn)
  const firstTime = useSelector(session, selectFirstTime)
  const [pathname] = useLocation()
  const search = useSearch()
  const here = search ? `${pathname}?${search}` : pathname
  const there = routeFor(here, { loggedIn, firstTime })
  return there === here ? null : <Redirect to={there} replace />
}
