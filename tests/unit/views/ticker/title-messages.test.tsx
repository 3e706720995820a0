// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type ActorRefFrom, createActor, fromPromise } from 'xstate'
import type { IncomingMessage } from '~/domain/live-stream'
import { liveStreamMachine } from '~/machines/live-stream.machine'
import { selectTitleMessages } from '~/machines/ticker.select'
import { sameMessages } from '~/views/ticker/title-messages'
import { serverMessage } from '../../../support/game-fixtures'

afterEach(cleanup)

const about = (id: string, titleId: number, t: number) =>
  ({
    ...serverMessage(id, { t, titles: [{ title_id: titleId, start_index: 0, end_index: 5 }] }),
    type: 'tweets',
  }) as IncomingMessage & { type: string }

const renders: string[][] = []

/** What TitleMessages reads, recording each render's message ids. */
function Messages({ stream }: { readonly stream: ActorRefFrom<typeof liveStreamMachine> }) {
  const messages = useSelector(stream, (snapshot) => selectTitleMessages(snapshot.context, 1), sameMessages)
  renders.push(messages.map((message) => message.id))
  return null
}

describe("the ticker panel's live messages (TitleMessages' selector)", () => {
  it('re-render only when a message about the title comes or goes', async () => {
    const liveStream = createActor(
      liveStreamMachine.provide({
        actors: { fetchMessages: fromPromise<readonly IncomingMessage[]>(async () => []) },
      }),
      { input: { loggedIn: true } },
    ).start()
    liveStream.send({ type: 'titles.changed', titleIds: [1, 2] })
    liveStream.send({ type: 'prices.changed', titleIds: [1, 2] })
    liveStream.send({ type: 'store.initialize' })
    await waitFor(() => expect(liveStream.getSnapshot().value).toBe('ready'))

    renders.length = 0
    render(<Messages stream={liveStream} />)
    const push = (message: IncomingMessage & { type: string }) =>
      act(() => liveStream.send({ type: 'liveStream.pushed', message }))

    push(about('a1', 1, 10))
    for (let i = 0; i < 20; i += 1) push(about(`b${i}`, 2, 11 + i))
    push(about('a2', 1, 40))
    liveStream.send({ type: 'predictions.changed', messageIds: ['b3'] })
    act(() => liveStream.send({ type: 'predictions.changed', messageIds: ['b3', 'a1'] }))
    expect(renders).toEqual([[], ['a1'], ['a2', 'a1'], ['a2']])
    liveStream.stop()
  })
})
