import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { styled } from 'styled-system/jsx'
import { Link as RouteLink } from 'wouter'
import { visibleMessages } from '~/domain/live-feed'
import { selectLiveStreamMessages } from '~/machines/live-stream.machine'
import { selectStoreFailed, selectStoreLoading } from '~/machines/store.select'
import { useClient } from '~/views/client-context'
import { Card, Link } from '~/views/ui'
import { MessageFeed } from './MessageFeed'
import { StreamEmpty, StreamSkeleton } from './StreamStates'

/** The dashboard shows this many of the newest messages; the live stream screen shows the rest. */
const shownOnDashboard = 5

/** The dashboard's 'Latest messages': the newest few, taggable, and the way to the whole stream. */
export function LatestMessagesPanel() {
  const client = useClient()
  const stream = client.store('liveStream')
  const messages = useSelector(stream, (snapshot) => selectLiveStreamMessages(snapshot.context))
  const loading = useSelector(stream, selectStoreLoading)
  const failed = useSelector(stream, selectStoreFailed)
  const shown = useMemo(() => visibleMessages(messages, undefined, shownOnDashboard), [messages])

  return (
    <Card.Root asChild>
      <section aria-labelledby="latest-messages-title">
        <Card.Header display="flex" flexDirection="row" alignItems="center" justifyContent="space-between">
          <Card.Title asChild>
            <h2 id="latest-messages-title">Latest messages</h2>
          </Card.Title>
          <Link asChild fontSize="sm">
            <RouteLink href="/livestream">Open live stream</RouteLink>
          </Link>
        </Card.Header>
        <Card.Body px="0" pb="2">
          {loading && messages.length === 0 ? (
            <styled.div px="4">
              <StreamSkeleton rows={3} />
            </styled.div>
          ) : shown.length === 0 ? (
            <StreamEmpty failed={failed} onRetry={() => stream.send({ type: 'store.initialize' })} />
          ) : (
            <MessageFeed messages={shown} label="Latest messages" />
          )}
        </Card.Body>
      </section>
    </Card.Root>
  )
}
