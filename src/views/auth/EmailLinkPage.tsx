import { useActorRef, useSelector } from '@xstate/react'
import { CircleCheckIcon } from 'lucide-react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { Link as RouterLink } from 'wouter'
import { type EmailLinkCall, provideEmailLink } from '~/actors/account.actors'
import { emailLinkMachine } from '~/machines/account-forms.machine'
import { selectSubmitting, selectSucceeded } from '~/machines/form.select'
import { useClient } from '~/views/client-context'
import { Alert, Button, Card, Heading, Link, Text } from '~/views/ui'
import { accountTexts } from './account-texts'
import { FormFailure } from './FormFailure'
import { LinkProblem } from './LinkProblem'
import { SubmitButton } from './SubmitButton'

/** A link's parameters as its page read them (each page its own kind): every one names an address. */
export interface EmailLinkValues {
  readonly email: string
}

export interface EmailLinkTexts<L extends EmailLinkValues = EmailLinkValues> {
  readonly heading: string
  /** what the button will do, for the link's address (and, for some links, its other parameters) */
  readonly explain: (link: L) => string
  readonly action: string
  readonly done: string
  readonly failed: string
}

/**
 * The pages of the e-mail links (confirm, unsubscribe, change the address): shown on GET, acting only
 * when the player presses the button (mail scanners open links; DESIGN.md §3), then success or failure.
 * `link` is undefined when the page's query is not a whole link.
 */
export function EmailLinkPage<L extends EmailLinkValues>({
  call,
  link,
  texts,
}: {
  readonly call: EmailLinkCall
  readonly link: L | undefined
  readonly texts: EmailLinkTexts<L>
}) {
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

function EmailLinkAction<L extends EmailLinkValues>({
  call,
  link,
  texts,
}: {
  readonly call: EmailLinkCall
  readonly link: L
  readonly texts: EmailLinkTexts<L>
}) {
  const client = useClient()
  const logic = useMemo(
    () => provideEmailLink(emailLinkMachine, { ...client.effects, session: client.session }, call),
    [client, call],
  )
  const values = Object.fromEntries(
    Object.entries(link).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  )
  const form = useActorRef(logic, { input: { values } })
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
      <Text>{texts.explain(link)}</Text>
      <SubmitButton busy={submitting}>{texts.action}</SubmitButton>
      <Button asChild variant="ghost">
        <RouterLink href="/">Not now</RouterLink>
      </Button>
    </styled.form>
  )
}
