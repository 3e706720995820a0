import { useActorRef, useSelector } from '@xstate/react'
import { CircleCheckIcon } from 'lucide-react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { Link as RouterLink, useSearch } from 'wouter'
import { type EmailLinkCall, provideEmailLink } from '~/actors/account.actors'
import { emailLinkOf } from '~/domain/account-form-rules'
import type { EmailLink } from '~/domain/account-forms'
import { emailLinkMachine } from '~/machines/account-forms.machine'
import { selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { useClient } from '~/views/client-context'
import { Alert, Button, Card, Heading, Link, Text } from '~/views/ui'
import { accountTexts } from './account-texts'
import { FormFailure } from './FormFailure'
import { LinkProblem } from './LinkProblem'
import { SubmitButton } from './SubmitButton'

export interface EmailLinkTexts {
  readonly heading: string
  /** what the button will do, for the address */
  readonly explain: (email: string) => string
  readonly action: string
  readonly done: string
  readonly failed: string
}

/**
 * The confirm-email and unsubscribe pages: shown on GET, acting only when the player presses the button
 * (mail scanners open links; DESIGN.md §3), then success or failure.
 */
export function EmailLinkPage({
  call,
  texts,
}: {
  readonly call: EmailLinkCall
  readonly texts: EmailLinkTexts
}) {
  const link = emailLinkOf(useSearch())
  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} textAlign="center">
        {texts.heading}
      </Heading>
      <Card.Root>
        <Card.Body pt="6">
          {link ? (
            <EmailLinkAction call={call} link={link} texts={texts} />
          ) : (
            <LinkProblem
              title={accountTexts.linkInvalid}
              text="The link is incomplete. Please open it again from the e-mail."
            />
          )}
        </Card.Body>
      </Card.Root>
    </styled.div>
  )
}

function EmailLinkAction({
  call,
  link,
  texts,
}: {
  readonly call: EmailLinkCall
  readonly link: EmailLink
  readonly texts: EmailLinkTexts
}) {
  const client = useClient()
  const logic = useMemo(() => provideEmailLink(emailLinkMachine, client.effects, call), [client, call])
  const form = useActorRef(logic, {
    input: { values: { userId: String(link.userId), email: link.email, sgn: link.sgn } },
  })
  const submitting = useSelector(form, selectSubmitting)
  const done = useSelector(form, selectSucceeded)
  if (done)
    return (
      <Alert.Root role="status">
        <Alert.Icon asChild>
          <CircleCheckIcon aria-hidden />
        </Alert.Icon>
        <Alert.Content>
          <Alert.Title>{texts.done}</Alert.Title>
          <Alert.Description>
            <Link asChild>
              <RouterLink href="/">Go to the game</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    )
  return (
    <styled.form
      aria-label={texts.action}
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={(event) => {
        event.preventDefault()
        form.send({ type: 'form.submit' })
      }}
    >
      <FormFailure form={form} title={texts.failed} />
      <Text>{texts.explain(link.email)}</Text>
      <SubmitButton busy={submitting}>{texts.action}</SubmitButton>
      <Button asChild variant="ghost">
        <RouterLink href="/">Not now</RouterLink>
      </Button>
    </styled.form>
  )
}
