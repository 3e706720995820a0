import type { SnapshotFrom } from 'xstate'
import { fromCallback } from 'xstate'
import type { LiveFeedMachine } from '../machines/live-feed.machine'
import type { LiveFeedEvent } from '../machines/live-feed.types'
import { type LiveStreamMachine, selectLiveStreamMessages } from '../machines/live-stream.machine'
import type { Readable } from './readable'

export interface LiveFeedDeps {
  /** the boot's live stream store (`client.store('liveStream')`), as the screen reads it */
  readonly stream: Readable<SnapshotFrom<LiveStreamMachine>>
}

/** Reports the stream's message ids now and on every change, until the screen's feed stops. */
export const watchStream = (stream: LiveFeedDeps['stream']) =>
  fromCallback<LiveFeedEvent>(({ sendBack }) => {
    let last: readonly unknown[] | undefined
    const report = (messages: readonly { id: string }[]) => {
      if (messages === last) return // other context changes (prices, titles) are no arrivals
      last = messages
      sendBack({ type: 'feed.changed', ids: messages.map((message) => message.id) })
    }
    report(selectLiveStreamMessages(stream.getSnapshot().context))
    const subscription = stream.subscribe((snapshot) => report(selectLiveStreamMessages(snapshot.context)))
    return () => subscription.unsubscribe()
  })

/** The wiring of the live stream screen's feed. */
export function provideLiveFeed(machine: LiveFeedMachine, deps: LiveFeedDeps) {
  return machine.provide({ actors: { watchStream: watchStream(deps.stream) } })
}
