import { type FocusEvent, type KeyboardEvent, memo, useCallback, useEffect, useRef, useState } from 'react'
import { styled } from 'styled-system/jsx'
import type { LiveStreamMessage } from '~/domain/live-stream'
import type { Trend } from '~/domain/prediction'
import { feedActionOf, indexAfterRemoval, movedIndex } from './feed-keys'
import { MessageRow } from './MessageRow'
import { TitleHrefsProvider } from './title-mentions'
import { useTagMessage } from './use-tag-message'

export interface MessageFeedProps {
  readonly messages: readonly LiveStreamMessage[]
  /** names the feed, e.g. 'Live tweets' */
  readonly label: string
  /** the 'p' shortcut; without it the key does nothing */
  readonly onTogglePause?: () => void
  /**
   * the page's own feed: j or k pressed while nothing has focus goes to its first message, so the keys
   * work before the reader has tabbed into the feed @default false
   */
  readonly pageKeys?: boolean
}

/** Keys that bring focus from the page into its feed: the letters only, the arrows keep scrolling the page. */
const intoFeedKeys = new Set(['j', 'k'])

const articleOf = (element: EventTarget | null) =>
  element instanceof HTMLElement ? element.closest<HTMLElement>('article[data-message-id]') : null

/**
 * The messages as an ARIA feed with roving focus: Tab reaches one message, j/k or the arrows move
 * between them, u/d tag the focused one (see feed-keys.ts). A tagged message leaves the stream, so
 * focus first moves to its neighbour and the reader keeps their place.
 */
export const MessageFeed = memo(function MessageFeed({
  messages,
  label,
  onTogglePause,
  pageKeys = false,
}: MessageFeedProps) {
  const listRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!pageKeys) return
    const onPageKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.target !== document.body) return
      if (!intoFeedKeys.has(event.key.toLowerCase()) || feedActionOf(event) === undefined) return
      const first = listRef.current?.querySelector<HTMLElement>('article[data-message-id]')
      if (!first) return
      first.focus()
      event.preventDefault()
    }
    document.addEventListener('keydown', onPageKey)
    return () => document.removeEventListener('keydown', onPageKey)
  }, [pageKeys])
  const [activeId, setActiveId] = useState<string>()
  const tagMessage = useTagMessage()
  const articles = () => [
    ...(listRef.current?.querySelectorAll<HTMLElement>('article[data-message-id]') ?? []),
  ]

  const tagFrom = useCallback(
    (message: LiveStreamMessage, trend: Trend, from: HTMLElement) => {
      const article = articleOf(from)
      const all = [...(listRef.current?.querySelectorAll<HTMLElement>('article[data-message-id]') ?? [])]
      if (article?.contains(document.activeElement)) {
        const neighbour = all[indexAfterRemoval(all.indexOf(article), all.length)]
        neighbour?.focus()
      }
      tagMessage(message, trend)
    },
    [tagMessage],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = feedActionOf(event)
    if (!action) return
    const article = articleOf(event.target)
    if (action.kind === 'togglePause') {
      if (!onTogglePause) return
      onTogglePause()
    } else if (action.kind === 'move') {
      const all = articles()
      all[movedIndex(action.to, article ? all.indexOf(article) : -1, all.length)]?.focus()
    } else {
      const message = messages.find((known) => known.id === article?.dataset.messageId)
      if (!message || !article) return
      tagFrom(message, action.trend, article)
    }
    event.preventDefault()
  }

  // the focused message stays the tabbable one; when it left (tagged, pushed out) the first one is
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const id = articleOf(event.target)?.dataset.messageId
    if (id) setActiveId(id)
  }
  const tabbableId = messages.some((message) => message.id === activeId) ? activeId : messages[0]?.id

  // ARIA requires a feed's articles: for the moment the deferred rows are not there yet the list is
  // a plain container, not an empty feed
  const feedRole =
    messages.length > 0 ? ({ role: 'feed', 'aria-label': label, 'aria-busy': false } as const) : {}
  return (
    <styled.div ref={listRef} {...feedRole} onKeyDown={onKeyDown} onFocus={onFocus}>
      <TitleHrefsProvider>
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            tabbable={message.id === tabbableId}
            onTag={tagFrom}
          />
        ))}
      </TitleHrefsProvider>
    </styled.div>
  )
})
