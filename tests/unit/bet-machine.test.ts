import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '~/api/client'
import type { PollResults } from '~/api/polls'
import { betMachine, selectIsSendingBet } from '~/machines/bet.machine'
import type { Bet, BetRequest, PostVoteInput } from '~/machines/bet.types'
import type { Notice } from '~/machines/notices'

const settle = () => new Promise((resolve) => setImmediate(resolve))
const results: PollResults = {
  numUsersBetUp: 2,
  numUsersBetFlat: 0,
  numUsersBetDown: 1,
  totalTtcBet: 30,
  ttcBetUp: 20,
  ttcBetFlat: 0,
  ttcBetDown: 10,
}

/** The bet flow with recording fakes; the test answers each vote call. */
function start() {
  const seen: { step: string; detail?: unknown }[] = []
  const calls: { input: PostVoteInput; resolve(r: PollResults): void; reject(e: unknown): void }[] = []
  const machine = betMachine.provide({
    actors: {
      postVote: fromPromise<PollResults, PostVoteInput>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            seen.push({ step: 'post', detail: input.body })
            calls.push({ input, resolve, reject })
          }),
      ),
    },
    actions: {
      addBetLocally: (_, bet: Bet) => seen.push({ step: 'add', detail: bet }),
      storeResults: (_, stored) => seen.push({ step: 'store', detail: stored }),
      notify: (_, notice: Notice) => seen.push({ step: 'notice', detail: notice }),
      navigateToSignIn: () => seen.push({ step: 'signIn' }),
    },
  })
  const actor = createActor(machine).start()
  actor.on('*', (emitted) => seen.push({ step: 'emit', detail: emitted }))
  const place = (request: Partial<BetRequest>) =>
    actor.send({ type: 'bet.place', pollId: 1, userId: 5, vote: 'up', wager: '10', balance: 50, ...request })
  return { actor, seen, calls, place }
}

const notices = (seen: { step: string; detail?: unknown }[]) =>
  seen.filter((s) => s.step === 'notice').map((s) => s.detail)
const emitted = (seen: { step: string; detail?: unknown }[]) =>
  seen.filter((s) => s.step === 'emit').map((s) => s.detail)
const effects = (seen: { step: string; detail?: unknown }[]) => seen.filter((s) => s.step !== 'emit')

describe('the bet flow', () => {
  it('refuses bad wagers with the spec’s texts, sending nothing', () => {
    const { seen, place } = start()
    place({ wager: '' })
    place({ wager: undefined })
    place({ wager: '0' })
    place({ wager: '-3' })
    place({ wager: '50.01' })
    expect(notices(seen)).toEqual([
      { kind: 'negative', message: 'Validation Error', caption: 'You must set your wager...' },
      { kind: 'negative', message: 'Validation Error', caption: 'You must set your wager...' },
      { kind: 'negative', message: 'Validation Error', caption: 'Your wager must be greater than 0.' },
      { kind: 'negative', message: 'Validation Error', caption: 'Your wager must be greater than 0.' },
      {
        kind: 'negative',
        message: 'Validation Error',
        caption: "You don't have so much money... (Max 50.00)",
      },
    ])
    expect(emitted(seen).at(-1)).toEqual({
      type: 'bet.refused',
      pollId: 1,
      reason: 'invalidWager',
      message: "You don't have so much money... (Max 50.00)",
      sent: false,
    })
    expect(effects(seen).every((s) => s.step === 'notice')).toBe(true)
  })

  it('adds the bet locally first, then posts it, then stores the results', async () => {
    const { actor, seen, calls, place } = start()
    place({ wager: '12.5', vote: 'flat' })
    const bet = { pollId: 1, userId: 5, vote: 'flat', ttcBet: 12.5 }
    expect(seen).toEqual([
      { step: 'add', detail: bet },
      { step: 'post', detail: bet },
    ])
    expect(emitted(seen)).toEqual([])
    expect(selectIsSendingBet(actor.getSnapshot().context)).toBe(true)
    calls[0]?.resolve(results)
    await settle()
    expect(effects(seen).at(-1)).toEqual({ step: 'store', detail: { pollId: 1, results } })
    // the one who placed it hears the server's answer
    expect(emitted(seen)).toEqual([{ type: 'bet.answered', bet, results }])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('keeps the bet locally when sending fails, and says so', async () => {
    const { actor, seen, calls, place } = start()
    place({})
    calls[0]?.reject(new ApiError(0, 'network_error', 'The server could not be reached.'))
    await settle()
    expect(effects(seen).map((s) => s.step)).toEqual(['add', 'post', 'notice'])
    expect(notices(seen)).toEqual([{ kind: 'negative', message: 'Error sending bet to server' }])
    expect(emitted(seen)).toEqual([
      {
        type: 'bet.refused',
        pollId: 1,
        reason: 'failed',
        message: 'Error sending bet to server',
        sent: true,
      },
    ])
    expect(actor.getSnapshot().context.queue).toEqual([])
  })

  it('warns on a 409: the player has a bet there', async () => {
    const { seen, calls, place } = start()
    place({})
    calls[0]?.reject(new ApiError(409, 'already_voted', 'Warning: You have already placed your bet.'))
    await settle()
    expect(notices(seen)).toEqual([
      { kind: 'warning', message: 'Warning: You have already placed your bet.' },
    ])
    expect(emitted(seen)).toEqual([
      {
        type: 'bet.refused',
        pollId: 1,
        reason: 'alreadyPlaced',
        message: 'Warning: You have already placed your bet.',
        sent: true,
      },
    ])
  })

  it('warns in the server’s words when the title’s market closed before the bet arrived', async () => {
    const { seen, calls, place } = start()
    place({})
    const closed = 'Warning: The market of Apple Inc. is closed. It opens at 2026-11-27T15:30+01:00.'
    calls[0]?.reject(new ApiError(409, 'market_closed', closed))
    await settle()
    expect(notices(seen)).toEqual([{ kind: 'warning', message: closed }])
    expect(emitted(seen)).toEqual([
      { type: 'bet.refused', pollId: 1, reason: 'marketClosed', message: closed, sent: true },
    ])
  })

  it('warns without sending when the poll has a bet of the player, or one on its way', () => {
    const { seen, place } = start()
    place({ alreadyPlaced: true })
    place({ pollId: 2 })
    place({ pollId: 2, wager: '3' })
    expect(effects(seen).map((s) => s.step)).toEqual(['notice', 'add', 'post', 'notice'])
    // refused at once, before anything was sent
    expect(emitted(seen)).toEqual([
      { type: 'bet.refused', pollId: 1, reason: 'alreadyPlaced', message: expect.any(String), sent: false },
      { type: 'bet.refused', pollId: 2, reason: 'alreadyPlaced', message: expect.any(String), sent: false },
    ])
  })

  it('sends bets placed meanwhile in turn', async () => {
    const { seen, calls, place } = start()
    place({ pollId: 1 })
    place({ pollId: 2 })
    expect(calls).toHaveLength(1)
    calls[0]?.reject(new ApiError(503, 'http_503', 'down'))
    await settle()
    expect(calls[1]?.input.pollId).toBe(2)
    calls[1]?.resolve(results)
    await settle()
    expect(effects(seen).map((s) => s.step)).toEqual(['add', 'post', 'add', 'notice', 'post', 'store'])
    expect(emitted(seen)).toMatchObject([
      { type: 'bet.refused', pollId: 1, reason: 'failed' },
      { type: 'bet.answered', bet: { pollId: 2 } },
    ])
  })

  it('sends a guest to sign in', () => {
    const { seen, place } = start()
    place({ userId: -1 })
    expect(effects(seen)).toEqual([{ step: 'signIn' }])
    expect(emitted(seen)).toMatchObject([{ type: 'bet.refused', reason: 'signIn', sent: false }])
  })
})
