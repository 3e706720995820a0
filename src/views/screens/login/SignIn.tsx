import { useEffect } from 'react'
import { Onboarding } from '~/views/auth/Onboarding'
import { useClient } from '~/views/client-context'

/**
 * /account/signin: the onboarding page. Entering it refreshes the signed-in user (spec §2): a player
 * signed in meanwhile (another tab) is sent on by the session's routing instead of seeing the form.
 */
export function SignIn() {
  const client = useClient()
  // routing reaches the session as an event: the route was entered
  useEffect(() => client.refreshUser(), [client])
  return <Onboarding />
}
