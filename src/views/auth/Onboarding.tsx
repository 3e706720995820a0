import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense, useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { tabs as tabsRecipe } from 'styled-system/recipes'
import { useSearch } from 'wouter'
import { provideSocialProviders } from '~/actors/social-providers.actors'
import { errorMessagesOf } from '~/domain/account-forms'
import { invitationCodeInSearch } from '~/domain/invitation-link'
import { selectSocialProviders, socialProvidersMachine } from '~/machines/social-providers.machine'
import { useClient } from '~/views/client-context'
import { useTabs } from '~/views/common/use-tabs'
import { Card, Heading, Text } from '~/views/ui'
import { LegalDialog } from './LegalDialog'
import { SignInForm } from './SignInForm'
import { SocialButtons } from './SocialButtons'

// the sign-up tab (its checkbox, the sign-up rules) and the Error dialog load when they are shown
const SignUpForm = lazy(async () => ({ default: (await import('./SignUpForm')).SignUpForm }))
const ErrorMessagesDialog = lazy(async () => ({
  default: (await import('./ErrorMessagesDialog')).ErrorMessagesDialog,
}))

const tabClasses = tabsRecipe({ variant: 'line' })
// Ark's moving indicator, as a line under the selected tab (the list draws the grey one)
const trigger = cx(
  tabClasses.trigger,
  css({ flex: '1', _selected: { boxShadow: '0 -2px 0 0 inset var(--colors-color-palette-default)' } }),
)
const accountTabs = ['signIn', 'signUp'] as const

/**
 * Spec §2 onboarding (/account/signin and /account/login-successful): sign in or sign up, the social
 * buttons the server offers, the terms and the imprint, and the Error dialog of the query.
 */
export function Onboarding() {
  const client = useClient()
  const logic = useMemo(() => provideSocialProviders(socialProvidersMachine, client.effects), [client])
  const providersActor = useActorRef(logic)
  const providers = useSelector(providersActor, selectSocialProviders)
  const search = useSearch()
  // read once when the tabs and the sign-up form's actor start (its input): no effect syncs it later
  const invitationCode = invitationCodeInSearch(search)
  const tabs = useTabs(accountTabs, invitationCode ? 'signUp' : 'signIn')
  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <styled.header textAlign="center" display="flex" flexDirection="column" gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Welcome to Alpha
        </Heading>
        <Text color="fg.muted">Call the market, back your calls with TTC and climb the rankings.</Text>
      </styled.header>
      <Card.Root>
        <Card.Body pt="6">
          <div className={tabClasses.root} data-orientation="horizontal">
            <div
              role="tablist"
              {...tabs.list}
              aria-label="Sign in or sign up"
              className={cx(tabClasses.list, css({ mb: '6' }))}
            >
              <button {...tabs.trigger('signIn')} className={trigger}>
                Sign in
              </button>
              <button {...tabs.trigger('signUp')} className={trigger}>
                Sign up
              </button>
            </div>
            <div
              {...tabs.panel('signIn')}
              className={cx(tabClasses.content, css({ display: 'flex', flexDirection: 'column', gap: '6' }))}
            >
              <SignInForm />
              <SocialButtons providers={providers} mode="signIn" />
            </div>
            <div {...tabs.panel('signUp')} className={tabClasses.content}>
              {tabs.isMounted('signUp') ? (
                <>
                  <Text size="sm" color="fg.muted" mb="4">
                    Alpha is open by invitation. Your username is visible to other players.
                  </Text>
                  <Suspense fallback={null}>
                    <SignUpForm invitationCode={invitationCode} providers={providers} />
                  </Suspense>
                </>
              ) : null}
            </div>
          </div>
        </Card.Body>
      </Card.Root>
      <Text as="p" size="sm" color="fg.muted" textAlign="center">
        <LegalDialog kind="terms" /> · <LegalDialog kind="imprint" />
      </Text>
      {errorMessagesOf(search).length > 0 && (
        <Suspense fallback={null}>
          <ErrorMessagesDialog />
        </Suspense>
      )}
    </styled.div>
  )
}
