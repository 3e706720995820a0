import { useSelector } from '@xstate/react'
import { styled } from 'styled-system/jsx'
import { selectTitleMessages } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { Heading, Text } from '~/views/ui'
import { TitleMessageItem } from './TitleMessageItem'
import { sameMessages } from './title-messages'

/** The live stream's messages that mention the title, each with Up and Down to tag it. */
export function TitleMessages({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const messages = useSelector(
    client.store('liveStream'),
    (snapshot) => selectTitleMessages(snapshot.context, titleId),
    sameMessages,
  )
  return (
    <styled.section aria-labelledby="ticker-messages" display="grid" gap="2">
      <Heading as="h3" id="ticker-messages" textStyle="md">
        Live messages
      </Heading>
      {messages.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No live messages about this title right now.
        </Text>
      ) : (
        // new messages arrive at the top; polite, so tagging is not interrupted
        <styled.ul aria-live="polite" display="grid" gap="3">
          {messages.map((message) => (
            <TitleMessageItem key={message.id} message={message} titleId={titleId} />
          ))}
        </styled.ul>
      )}
    </styled.section>
  )
}
