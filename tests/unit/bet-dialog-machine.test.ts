import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { pollTexts } from '~/api/polls'
import type { BetRefusal, PlacedBet } from '~/machines/bet.types'
import {
  betDialogMachine,
  chooseVoteText,
  selectBetDialogAlert,
  selectBetDialogFailed,
  selectBetDialogOpen,
  selectBetDialogSending,
  selectPlacedBet,
  selectVoteError,
  selectWagerError,
} from '~/machines/bet-dialog.machine'
import type { SendBetInput } from '~/machines/bet-dialog.types'
import { noResults } from '../support/game-fixtures'

const settle = () => new Promise((resolve) => setImmediate(resolve))

const answer: PlacedBet = {
  bet: { pollId: 7, userId: 5, vote: 'flat', ttcBet: 12.5 },
  results: { ...noResults, numUsersBetFlat: 1, totalTtcBet: 12.5, ttcBetFlat: 12.5 },
}

const refusal = (reason: BetRefusal['reason'], message: string): BetRefusal => ({
  pollId: 7,
  reason,
  message,
  sent: reason !== 'signIn',
})

function start(send: (input: SendBetInput) => Promise<PlacedBet> = async () => answer) {
  const sent: SendBetInput[] = []
  const actor = createActor(
    betDialogMachine.provide({
      actors: {
        sendBet: fromPromise<PlacedBet, SendBetInput>(({ input }) => {
          sent.push(input)
          return send(input)
        }),
      },
    }),
  ).start()
  actor.send({ type: 'betDialog.open', pollId: 7 })
  return { actor, sent }
}

const submit = (balance = 50) => ({ type: 'betDialog.submit', userId: 5, balance }) as const

/** The dialog with a side and a wager chosen, sent. */
function sendBet(send: (input: SendBetInput) => Promise<PlacedBet>) {
  const started = start(send)
  started.actor.send({ type: 'betDialog.voteChosen', vote: 'flat' })
  started.actor.send({ type: 'betDialog.wagerChanged', wager: '12.5' })
  started.actor.send(submit())
  return started
}

describe('the bet dialog (spec §5, §8)', () => {
  it('asks for a side and a wager with the spec texts', () => {
    const { actor, sent } = start()
    actor.send(submit())
    const snapshot = actor.getSnapshot()
    expect(selectVoteError(snapshot)).toBe(chooseVoteText)
    expect(selectWagerError(snapshot)).toEqual({
      title: 'Validation Error',
      message: 'You must set your wager...',
    })
    expect(sent).toEqual([])
  })

  it('refuses a wager of 0 or less and one above the balance (Max with the balance)', () => {
    const { actor } = start()
    actor.send({ type: 'betDialog.voteChosen', vote: 'up' })
    actor.send({ type: 'betDialog.wagerChanged', wager: '0' })
    actor.send(submit())
    expect(selectWagerError(actor.getSnapshot())).toEqual({
      title: 'Validation Error',
      message: 'Your wager must be greater than 0.',
    })
    actor.send({ type: 'betDialog.wagerChanged', wager: '60' })
    expect(selectWagerError(actor.getSnapshot())).toBeUndefined()
    actor.send(submit(42.5))
    expect(selectWagerError(actor.getSnapshot())?.message).toBe("You don't have so much money... (Max 42.50)")
  })

  it('opens for one poll with nothing of the last opening left', () => {
    const { actor } = start()
    actor.send({ type: 'betDialog.voteChosen', vote: 'up' })
    actor.send({ type: 'betDialog.wagerChanged', wager: '3' })
    actor.send({ type: 'betDialog.close' })
    actor.send({ type: 'betDialog.open', pollId: 9 })
    expect(actor.getSnapshot().context).toEqual({ pollId: 9, wager: '' })
  })

  it('warns in the bet flow’s words when the player has bet on the poll already, with no second try', async () => {
    const { actor, sent } = sendBet(() =>
      Promise.reject(refusal('alreadyPlaced', 'Warning: You have already placed your bet.')),
    )
    await settle()
    expect(sent).toHaveLength(1)
    expect(selectBetDialogAlert(actor.getSnapshot())).toEqual({
      kind: 'warning',
      message: 'Warning: You have already placed your bet.',
    })
    expect(selectBetDialogFailed(actor.getSnapshot())).toBe(true)
    actor.send(submit())
    expect(sent).toHaveLength(1)
  })

  it('warns with the server’s text when the title’s market closed', async () => {
    const closed = 'Warning: The market of Apple Inc. is closed. It opens at 2026-11-27T15:30+01:00.'
    const { actor } = sendBet(() => Promise.reject(refusal('marketClosed', closed)))
    await settle()
    expect(selectBetDialogAlert(actor.getSnapshot())).toEqual({ kind: 'warning', message: closed })
  })

  it('closes when the bet flow sent a guest to sign in', async () => {
    const { actor } = sendBet(() => Promise.reject(refusal('signIn', 'Sign in to bet')))
    await settle()
    expect(selectBetDialogOpen(actor.getSnapshot())).toBe(false)
  })

  it('sends a valid bet, shows it is sending, then the server’s answer until closed', async () => {
    let resolve = (_: PlacedBet) => {}
    const { actor, sent } = start(() => new Promise<PlacedBet>((done) => (resolve = done)))
    actor.send({ type: 'betDialog.voteChosen', vote: 'flat' })
    actor.send({ type: 'betDialog.wagerChanged', wager: '12.5' })
    actor.send(submit())
    expect(selectBetDialogSending(actor.getSnapshot())).toBe(true)
    expect(sent).toEqual([{ pollId: 7, userId: 5, vote: 'flat', wager: '12.5', balance: 50 }])
    expect(selectPlacedBet(actor.getSnapshot())).toBeUndefined()
    resolve(answer)
    await settle()
    expect(selectBetDialogOpen(actor.getSnapshot())).toBe(true)
    expect(selectPlacedBet(actor.getSnapshot())).toEqual(answer)
    // the answer takes no second bet
    actor.send(submit())
    expect(sent).toHaveLength(1)
    actor.send({ type: 'betDialog.close' })
    expect(selectBetDialogOpen(actor.getSnapshot())).toBe(false)
    expect(selectPlacedBet(actor.getSnapshot())).toBeUndefined()
  })

  it('says the bet could not be sent and offers no second try', async () => {
    const { actor } = start(() => Promise.reject(refusal('failed', 'Error sending bet to server')))
    actor.send({ type: 'betDialog.voteChosen', vote: 'up' })
    actor.send({ type: 'betDialog.wagerChanged', wager: '1' })
    actor.send(submit())
    await settle()
    expect(selectBetDialogFailed(actor.getSnapshot())).toBe(true)
    expect(selectBetDialogAlert(actor.getSnapshot())).toEqual({
      kind: 'error',
      message: 'Error sending bet to server',
    })
    actor.send(submit())
    expect(selectBetDialogFailed(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'betDialog.close' })
    expect(selectBetDialogOpen(actor.getSnapshot())).toBe(false)
  })

  it("uses the server's word for a missing side", () => {
    expect(chooseVoteText).toBe(pollTexts.vote)
  })
})
