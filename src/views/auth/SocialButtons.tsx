import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { useSearch } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import type { SocialProvider } from '~/api/oauth'
import { socialProviderLabels, socialStartPath } from '~/domain/social-sign-in'
import type { FormMachine } from '~/machines/form.machine'
import { selectFieldChecked, selectFieldText } from '~/machines/form.select'
import { Button, Text } from '~/views/ui'

export interface SocialButtonsProps {
  /** the providers the server offers (GET /v1/auth/providers) */
  readonly providers: readonly SocialProvider[]
  /** 'signUp' carries the form's invitation code and terms box to the server, which checks them */
  readonly mode: 'signIn' | 'signUp'
  /** the sign-up form, for its code and terms */
  readonly form?: ActorRefFrom<FormMachine>
}

/** Plain links to the server's social start route: a full navigation through the provider and back. */
export function SocialButtons({ providers, mode, form }: SocialButtonsProps) {
  const search = new URLSearchParams(useSearch())
  const next = search.get('next') ?? search.get('redirect')
  const invitationCode = useSelector(form, (snapshot) =>
    snapshot ? selectFieldText(snapshot, 'invitationCode') : '',
  )
  const acceptTerms = useSelector(form, (snapshot) =>
    snapshot ? selectFieldChecked(snapshot, 'acceptTerms') : false,
  )
  if (providers.length === 0) return null
  const verb = mode === 'signUp' ? 'Sign up' : 'Sign in'
  const options = mode === 'signUp' ? { invitationCode, acceptTerms, next } : { next }
  return (
    <styled.div display="flex" flexDirection="column" gap="3">
      <Text size="sm" color="fg.muted" textAlign="center">
        or {verb.toLowerCase()} with
      </Text>
      <styled.ul display="grid" gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="2">
        {providers.map((provider) => (
          <li key={provider}>
            <Button asChild variant="outline" w="full">
              <a href={socialStartPath(provider, options)}>
                {verb} with {socialProviderLabels[provider]}
              </a>
            </Button>
          </li>
        ))}
      </styled.ul>
    </styled.div>
  )
}
