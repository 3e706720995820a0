import { useSelector } from '@xstate/react'
import { LogInIcon } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { selectLoggedIn } from '~/machines/session.select'
import { useClient } from '~/views/client-context'
import { Button } from '~/views/ui'

// Their Ark menu, popover and dialogs stay out of the entry: they load with the first screen, in parallel.
const CreditMenu = lazy(async () => ({ default: (await import('~/views/account/CreditMenu')).CreditMenu }))
const AccountMenu = lazy(async () => ({ default: (await import('~/views/account/AccountMenu')).AccountMenu }))

/** The header's right side: credit menu and account menu (signed in) or a sign-in link. */
export function HeaderActions() {
  const client = useClient()
  const loggedIn = useSelector(client.session, selectLoggedIn)
  if (!loggedIn)
    return (
      <Button asChild size="sm">
        <Link href="/account/signin">
          <LogInIcon aria-hidden />
          Sign in
        </Link>
      </Button>
    )
  return (
    <Suspense fallback={null}>
      <CreditMenu />
      <AccountMenu />
    </Suspense>
  )
}
