import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '~/api/client'
import type { TagResponse } from '~/api/predictions'
import type { Notice } from '~/machines/notices'
import { predictionsMachine, selectIsSendingPrediction } from '~/machines/predictions.machine'
import type { LoadedTaggedMessages, NewPrediction, TaggedMessagesData } from '~/machines/predictions.types'
import {
  selectHasTagged,
  selectIsCorrect,
  selectNextEvaluationTime,
  selectPredictions,
  selectTaggedMessageIds,
  selectTitleScores,
  taggedMessagesMachine,
} from '~/machines/tagged-messages.machine'
import { hour, taggedMessage } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))

const prediction = (messageId: string, extra: Partial<NewPrediction> = {}): NewPrediction => ({
  userId: 5,
  titleId: 1,
  messageId,
  trend: 'Up',
  atPrice: 100,
  rewardFactor: 1,
  ...extra,
})

/** The tag flow with recording fakes; the test answers each tag call. */
function startTagging() {
  const seen: { step: string; detail?: unknown }[] = []
  const calls: { input: NewPrediction; resolve(r: TagResponse): void; reject(e: unknown): void }[] = []
  const machine = predictionsMachine.provide({
    actors: {
      postPrediction: fromPromise<TagResponse, NewPrediction>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            seen.push({ step: 'post', detail: input.messageId })
            calls.push({ input, resolve, reject })
          }),
      ),
    },
    actions: {
      addPrediction: (_, p) => seen.push({ step: 'add', detail: p.messageId }),
      storePrediction: (_, p) => seen.push({ step: 'store', detail: p }),
      announceRecorded: (_, p) => seen.push({ step: 'announce', detail: p.messageId }),
      removePrediction: (_, p) => seen.push({ step: 'remove', detail: p.messageId }),
      updateRewardFactor: (_, factor) => seen.push({ step: 'rewardFactor', detail: factor }),
      notify: (_, notice: Notice) => seen.push({ step: 'notice', detail: notice }),
      navigateToSignIn: () => seen.push({ step: 'signIn' }),
    },
  })
  const actor = createActor(machine).start()
  const tag = (p: NewPrediction, alreadyTagged = false) =>
    actor.send({ type: 'prediction.tag', prediction: p, alreadyTagged })
  return { actor, seen, calls, tag }
}

describe('the tag flow', () => {
  it('adds locally, posts, then stores the server’s copy and the new reward factor', async () => {
    const { actor, seen, calls, tag } = startTagging()
    tag(prediction('m1'))
    expect(seen).toEqual([
      { step: 'add', detail: 'm1' },
      { step: 'post', detail: 'm1' },
    ])
    expect(selectIsSendingPrediction(actor.getSnapshot().context)).toBe(true)
    const stored = taggedMessage('m1', { atPrice: 99.5, createdAt: 7 })
    calls[0]?.resolve({ rewardFactor: 0.9, taggedMessage: stored })
    await settle()
    expect(seen.slice(2)).toEqual([
      { step: 'store', detail: stored },
      // every tag answers: the player is told what the server recorded
      { step: 'announce', detail: 'm1' },
      { step: 'rewardFactor', detail: 0.9 },
    ])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('warns on a second prediction for a message, known to the store or on its way', () => {
    const { seen, tag } = startTagging()
    tag(prediction('m1'), true)
    tag(prediction('m2'))
    tag(prediction('m2', { trend: 'Down' }))
    const warning = {
      kind: 'warning',
      message: 'Warning: You have already made a prediction for this message.',
    }
    expect(seen).toEqual([
      { step: 'notice', detail: warning },
      { step: 'add', detail: 'm2' },
      { step: 'post', detail: 'm2' },
      { step: 'notice', detail: warning },
    ])
  })

  it('takes a prediction back when sending fails; a 409 only warns', async () => {
    const { seen, calls, tag } = startTagging()
    tag(prediction('m1'))
    tag(prediction('m2'))
    calls[0]?.reject(new ApiError(503, 'http_503', 'down'))
    await settle()
    calls[1]?.reject(new ApiError(409, 'already_predicted', 'already'))
    await settle()
    expect(seen.map((s) => `${s.step}${typeof s.detail === 'string' ? ` ${s.detail}` : ''}`)).toEqual([
      'add m1',
      'post m1',
      'add m2',
      'notice',
      'remove m1',
      'post m2',
      'notice',
    ])
    expect(seen[3]?.detail).toEqual({ kind: 'negative', message: 'Error sending prediction to server' })
  })

  it('makes no prediction that fair play refuses, and warns with the reason', () => {
    const { actor, seen } = startTagging()
    const refusal = 'The market of Apple Inc. is closed. It opens Nov 27, 3:30 PM.'
    actor.send({ type: 'prediction.tag', prediction: prediction('m1'), refusal })
    expect(seen).toEqual([{ step: 'notice', detail: { kind: 'warning', message: refusal } }])
    expect(selectIsSendingPrediction(actor.getSnapshot().context)).toBe(false)
  })

  it('takes back a prediction the server refuses for fair play, with the server’s warning', async () => {
    const { actor, seen, calls, tag } = startTagging()
    tag(prediction('m1'))
    tag(prediction('m2'))
    const opposite =
      'Warning: Your Up prediction on Apple Inc. runs until it is judged at 2026-11-26T18:00+01:00.'
    calls[0]?.reject(new ApiError(409, 'opposite_prediction', opposite))
    await settle()
    const closed = 'Warning: The market of Apple Inc. is closed. It opens at 2026-11-27T15:30+01:00.'
    calls[1]?.reject(new ApiError(409, 'market_closed', closed))
    await settle()
    expect(seen.slice(3)).toEqual([
      { step: 'notice', detail: { kind: 'warning', message: opposite } },
      { step: 'remove', detail: 'm1' },
      { step: 'post', detail: 'm2' },
      { step: 'notice', detail: { kind: 'warning', message: closed } },
      { step: 'remove', detail: 'm2' },
    ])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('sends a guest to sign in', () => {
    const { seen, tag } = startTagging()
    tag(prediction('m1', { userId: -1 }))
    expect(seen).toEqual([{ step: 'signIn' }])
  })
})

/** The tagged-message store, logged in, with a load and the saves it hands to the persistence actor. */
function startStore(loaded: LoadedTaggedMessages) {
  const saved: TaggedMessagesData[] = []
  const machine = taggedMessagesMachine.provide({
    actors: {
      loadStore: fromPromise(async () => loaded),
      saveStore: fromPromise<void, TaggedMessagesData>(async ({ input }) => {
        saved.push(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { loggedIn: true } }).start()
  return { actor, saved }
}

describe('the tagged-message store', () => {
  const running = taggedMessage('r', { createdAt: 2 * hour, atPrice: 100 })
  const older = taggedMessage('o', { createdAt: 1 * hour, trend: 'Down', atPrice: 100, titleId: 2 })
  const correct = taggedMessage('c', {
    createdAt: 0,
    evalPrice: 110,
    evaluatedAt: 3 * hour,
    rewardFactor: 0.5,
  })

  it('loads, keeps newest first, and saves every change', async () => {
    const { actor, saved } = startStore({ messages: [correct, running], rewardFactor: 0.8 })
    actor.send({ type: 'store.initialize' })
    await settle()
    // each prediction's lifecycle reported its status
    expect(actor.getSnapshot().context.data).toEqual({
      messages: [running, correct],
      rewardFactor: 0.8,
      statuses: { '5_1_r': 'running', '5_1_c': 'completed' },
    })
    actor.send({ type: 'predictions.added', prediction: older })
    actor.send({ type: 'predictions.rewardFactorChanged', rewardFactor: 0.7 })
    await settle()
    expect(saved.map((data) => data.messages.length)).toEqual([2, 3, 3])
    expect(saved.at(-1)?.rewardFactor).toBe(0.7)
  })

  it('replaces a local prediction by the server’s copy, and takes a failed one back', async () => {
    const { actor } = startStore({ messages: [], rewardFactor: 1 })
    actor.send({ type: 'predictions.added', prediction: running })
    actor.send({ type: 'predictions.added', prediction: { ...running, trend: 'Down' } })
    expect(actor.getSnapshot().context.data.messages).toEqual([running])
    const serverCopy = { ...running, atPrice: 101 }
    actor.send({ type: 'predictions.stored', prediction: serverCopy })
    expect(actor.getSnapshot().context.data.messages).toEqual([serverCopy])
    actor.send({ type: 'predictions.removed', key: '5_1_r' })
    expect(actor.getSnapshot().context.data.messages).toEqual([])
  })

  it('filters by status, knows the next evaluation, correctness and the scores per title', async () => {
    const { actor } = startStore({ messages: [running, older, correct], rewardFactor: 1 })
    actor.send({ type: 'store.initialize' })
    await settle()
    const context = actor.getSnapshot().context
    expect(selectPredictions(context).map((m) => m.messageId)).toEqual(['r', 'o', 'c'])
    expect(selectPredictions(context, 'running').map((m) => m.messageId)).toEqual(['r', 'o'])
    expect(selectPredictions(context, 'completed').map((m) => m.messageId)).toEqual(['c'])
    expect(selectNextEvaluationTime(context)).toBe(1 * hour + 3 * hour)
    expect(selectHasTagged(context, 'o')).toBe(true)
    expect(selectHasTagged(context, 'o', 1)).toBe(false)
    expect(selectTaggedMessageIds(context)).toEqual(['r', 'o', 'c'])

    // running ones are judged by the title's latest tick; evaluated ones by their evaluation price
    const prices = new Map([
      [1, 99],
      [2, 95],
    ])
    expect(selectIsCorrect(running, prices)).toBe(false)
    expect(selectIsCorrect(older, prices)).toBe(true)
    expect(selectIsCorrect(correct, prices)).toBe(true)
    expect(selectIsCorrect(running, new Map())).toBeUndefined()
    expect(selectTitleScores(context, prices)).toEqual(
      new Map([
        [1, 0.5],
        [2, 1],
      ]),
    )
  })

  it('empties on logout and saves the empty list', async () => {
    const { actor, saved } = startStore({ messages: [running], rewardFactor: 1 })
    actor.send({ type: 'store.initialize' })
    await settle()
    actor.send({ type: 'session.changed', loggedIn: false })
    await settle()
    expect(actor.getSnapshot().context.data).toEqual({ messages: [], rewardFactor: 0, statuses: {} })
    expect(saved.at(-1)).toEqual({ messages: [], rewardFactor: 0, statuses: {} })
  })

  it('keeps running when saving fails (a full storage)', async () => {
    const machine = taggedMessagesMachine.provide({
      actors: {
        saveStore: fromPromise<void, TaggedMessagesData>(async () => {
          throw new Error('QuotaExceededError')
        }),
      },
    })
    const actor = createActor(machine, { input: { loggedIn: true } }).start()
    actor.send({ type: 'predictions.added', prediction: running })
    await settle()
    actor.send({ type: 'predictions.added', prediction: older })
    await settle()
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().context.data.messages).toHaveLength(2)
  })
})
