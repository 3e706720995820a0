import { useActorRef, useSelector } from '@xstate/react'
import { type FocusEvent, useCallback, useDeferredValue, useLayoutEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { provideLiveFeed } from '~/actors/live-feed.actors'
import { visibleMessages } from '~/domain/live-feed'
import {
  liveFeedMachine,
  selectArrivedWhilePaused,
  selectFeedAnnouncement,
  selectFeedHeld,
  selectFeedPaused,
  selectFrozenIds,
} from '~/machines/live-feed.machine'
import { selectLiveStreamMessages } from '~/machines/live-stream.machine'
import { selectStoreFailed, selectStoreLoading } from '~/machines/store.select'
import { useClient } from '~/views/client-context'
import { FeedControls } from './FeedControls'
import { batched } from './frame-batched'
import { KeyboardShortcuts } from './KeyboardShortcuts'
import { MessageFeed } from './MessageFeed'
import { NewMessagesButton } from './NewMessagesButton'
import { StreamEmpty, StreamSkeleton } from './StreamStates'
import { useScrolledHold } from './use-scrolled-hold'

// class names built once: the panel renders again with every frame's arrivals
const styles = {
  panel: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  // relative: the new-messages button floats over the list's top edge instead of pushing it down
  feed: css({ position: 'relative', borderWidth: '1px', borderRadius: 'l2', bg: 'bg.default' }),
}

/**
 * The 'Live Tweet' tab: the newest 100 untagged messages, a pause for readers, arrivals announced as
 * a count, and tagging by pointer or keyboard.
 */
export function LiveTweetPanel() {
  const client = useClient()
  const stream = client.store('liveStream')
  // The feed's machine reads the stream as the list renders it (in batches): a hold freezes the messages
  // on screen, not also those of a batch still to be drawn, which would then appear under the pointer.
  const logic = useMemo(() => provideLiveFeed(liveFeedMachine, { stream: batched(stream) }), [stream])
  const feed = useActorRef(logic)
  // read in batches (`feedBatchMs`): the arrivals of 100 ms are one update of the feed, not one each
  const messages = useSelector(batched(stream), (snapshot) => selectLiveStreamMessages(snapshot.context))
  const loading = useSelector(stream, selectStoreLoading)
  const failed = useSelector(stream, selectStoreFailed)
  const paused = useSelector(feed, selectFeedPaused)
  const frozenIds = useSelector(feed, selectFrozenIds)
  const heldBack = useSelector(feed, selectArrivedWhilePaused)
  const announcement = useSelector(feed, selectFeedAnnouncement)
  const shown = useMemo(() => visibleMessages(messages, frozenIds), [messages, frozenIds])
  // the rows render in a deferred, interruptible pass: a burst of pushes is one render that yields to
  // input and frames instead of one blocking render per message
  const deferredShown = useDeferredValue(shown)
  // The machine hears what is drawn before any later event (a layout effect): a hold freezes the list
  // as the reader sees it, not with a batch whose deferred drawing had not landed yet.
  const newestDrawnId = deferredShown[0]?.id
  useLayoutEffect(() => {
    feed.send({ type: 'feed.drawn', newestId: newestDrawnId })
  }, [feed, newestDrawnId])
  const togglePause = useCallback(() => feed.send({ type: 'feed.toggle' }), [feed])
  const held = useSelector(feed, selectFeedHeld)
  // the list holds still while the reader has scrolled into it (its top out of view)
  const [listTop, setListTop] = useState<HTMLDivElement | null>(null)
  const onScrolled = useCallback(
    (scrolled: boolean) => feed.send({ type: scrolled ? 'feed.hold' : 'feed.release', reason: 'scroll' }),
    [feed],
  )
  useScrolledHold(listTop, onScrolled)
  // the list holds still under the pointer and while a control in it has focus (the machine decides)
  const holdHandlers = useMemo(
    () => ({
      onPointerEnter: () => feed.send({ type: 'feed.hold', reason: 'pointer' }),
      onPointerLeave: () => feed.send({ type: 'feed.release', reason: 'pointer' }),
      onFocus: () => feed.send({ type: 'feed.hold', reason: 'focus' }),
      onBlur: (event: FocusEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget))
          feed.send({ type: 'feed.release', reason: 'focus' })
      },
    }),
    [feed],
  )

  return (
    <div className={styles.panel}>
      <FeedControls
        paused={paused}
        heldBack={heldBack}
        announcement={announcement}
        onTogglePause={togglePause}
      />
      <KeyboardShortcuts />
      {loading && messages.length === 0 ? (
        <StreamSkeleton />
      ) : shown.length === 0 ? (
        <StreamEmpty failed={failed} onRetry={() => stream.send({ type: 'store.initialize' })} />
      ) : (
        <div className={styles.feed} {...holdHandlers}>
          <div ref={setListTop} aria-hidden />
          <NewMessagesButton count={held ? heldBack : 0} onShow={() => feed.send({ type: 'feed.showNew' })} />
          <MessageFeed messages={deferredShown} label="Live tweets" onTogglePause={togglePause} pageKeys />
        </div>
      )}
    </div>
  )
}
