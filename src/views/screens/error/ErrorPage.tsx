import { ServerCrashIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { leaveErrorPage } from '~/actors/error-page.actors'
import { noticeTexts } from '~/machines/notices'
import { useClient } from '~/views/client-context'
import { Button, Heading, Text } from '~/views/ui'

/**
 * Spec §2 /error and §8 server errors: shown while the server fails. The retry countdown is the
 * notice's; 'Try again' goes back to the page that failed, or home (the state fetch also returns
 * there by itself once the server answers).
 */
export function ErrorPage() {
  const client = useClient()
  return (
    <styled.section display="flex" flexDirection="column" alignItems="flex-start" gap="4" maxW="xl">
      <styled.span color="down.text">
        <ServerCrashIcon size={40} aria-hidden />
      </styled.span>
      <Heading as="h1" size="3xl">
        {noticeTexts.somethingWentWrong}
      </Heading>
      <Text color="fg.muted" role="status">
        {noticeTexts.noConnection}
      </Text>
      <Button mt="2" onClick={() => leaveErrorPage(client.effects.navigate)}>
        Try again
      </Button>
    </styled.section>
  )
}
