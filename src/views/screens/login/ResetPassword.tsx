import { useState } from 'react'
import { styled } from 'styled-system/jsx'
import { useSearch } from 'wouter'
import { resetLinkState } from '~/domain/account-forms'
import { accountTexts } from '~/views/auth/account-texts'
import { LinkProblem } from '~/views/auth/LinkProblem'
import { ResetPasswordForm } from '~/views/auth/ResetPasswordForm'
import { Card, Heading } from '~/views/ui'

/** /account/reset-password?userId&validUntil&sgn: a new password, or why the link cannot be used. */
export function ResetPassword() {
  const search = useSearch()
  // the moment the page opened decides whether the link had expired; the server checks again on submit
  const [openedAt] = useState(() => Date.now())
  const link = resetLinkState(search, openedAt)
  return (
    <styled.div display="flex" flexDirection="column" gap="6">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} textAlign="center">
        Reset your password
      </Heading>
      <Card.Root>
        <Card.Body pt="6">
          {link.kind === 'valid' ? (
            <ResetPasswordForm link={link.link} />
          ) : (
            <LinkProblem
              title={accountTexts.linkInvalid}
              text={link.kind === 'expired' ? accountTexts.resetLinkExpired : accountTexts.resetLinkInvalid}
            />
          )}
        </Card.Body>
      </Card.Root>
    </styled.div>
  )
}
