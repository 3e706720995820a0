import { useSelector } from '@xstate/react'
import { useRef } from 'react'
import { styled } from 'styled-system/jsx'
import { selectTitleMessages } from '~/machines/ticker.select'
import { useClient } from '~/views/client-context'
import { indexAfterRemoval } from '~/views/stream/feed-keys'
import { TitleHrefsProvider } from '~/views/stream/title-mentions'
import { Heading, Text } from '~/views/ui'
import { TitleMessageItem } from './TitleMessageItem'
import { sameMessages } from './title-messages'

/** The live stream's messages that mention the title, each with Up and Down to tag it. */
export function TitleMessages({ titleId }: { readonly titleId: number }) {
  const client = useClient()
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // a tagged message leaves the list, its pressed button with it: focus first goes to the neighbour's
  // first button (the next message, else the one before), or to the heading when none is left
  const beforeTagging = (item: HTMLElement) => {
    if (!item.contains(document.activeElement)) return
    const items = [...(list.current?.children ?? [])] as HTMLElement[]
    const neighbour = items[indexAfterRemoval(items.indexOf(item), items.length)]
    const target = neighbour?.querySelector<HTMLElement>('button:not([disabled])') ?? heading.current
    target?.focus()
  }
  const messages = useSelector(
    client.store('liveStream'),
    (snapshot) => selectTitleMessages(snapshot.context, titleId),
    sameMessages,
  )
  return (
    <styled.section aria-labelledby="ticker-messages" display="grid" gap="2">
      <Heading as="h3" id="ticker-messages" textStyle="md" ref={heading} tabIndex={-1}>
        Live messages
      </Heading>
      {messages.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No live messages about this title right now.
        </Text>
      ) : (
        // new messages arrive at the top; polite, so tagging is not interrupted
        <TitleHrefsProvider>
          <styled.ul ref={list} aria-live="polite" display="grid" gap="3">
            {messages.map((message) => (
              <TitleMessageItem
                key={message.id}
                message={message}
                titleId={titleId}
                beforeTagging={beforeTagging}
              />
            ))}
          </styled.ul>
        </TitleHrefsProvider>
      )}
    </styled.section>
  )
}
