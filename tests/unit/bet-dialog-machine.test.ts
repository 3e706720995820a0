import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { pollTexts } from '~/api/polls'
import {
  betDialogMachine,
  chooseVoteText,
  selectBetDialogAlert,
  selectBetDialogFailed,
  selectBetDialogOpen,
  selectBetDialogSending,
  selectVoteError,
  selectWagerError,
} from '~/machines/bet-dialog.machine'
import type { SendBetInput } from '~/machines/bet-dialog.types'

const settle = () => new Promise((resolve) => setImmediate(resolve))

function start(send: (input: SendBetInput) => Promise<void> = async () => {}) {
  const sent: SendBetInput[] = []
  const actor = createActor(
    betDialogMachine.provide({
      actors: {
        sendBet: fromPromise<void, SendBetInput>(({ input }) => {
          sent.push(input)
          return send(input)
        }),
      },
    }),
  ).start()
  actor.send({ type: 'betDialog.open', pollId: 7 })
  return { actor, sent }
}

const submit = (balance = 50, alreadyPlaced = false) =>
  ({ type: 'betDialog.submit', userId: 5, balance, alreadyPlaced }) as const

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

  it('warns about a second bet and sends nothing', () => {
    const { actor, sent } = start()
    actor.send({ type: 'betDialog.voteChosen', vote: 'down' })
    actor.send({ type: 'betDialog.wagerChanged', wager: '5' })
    actor.send(submit(50, true))
    expect(selectBetDialogAlert(actor.getSnapshot())).toEqual({
      kind: 'warning',
      message: 'Warning: You have already placed your bet.',
    })
    expect(sent).toEqual([])
  })

  it('warns as it opens when the player has bet on the poll already, and not for another poll', () => {
    const { actor } = start()
    actor.send({ type: 'betDialog.close' })
    actor.send({ type: 'betDialog.open', pollId: 8, alreadyPlaced: true })
    expect(selectBetDialogAlert(actor.getSnapshot())).toEqual({
      kind: 'warning',
      message: 'Warning: You have already placed your bet.',
    })
    actor.send({ type: 'betDialog.voteChosen', vote: 'up' })
    actor.send({ type: 'betDialog.close' })
    actor.send({ type: 'betDialog.open', pollId: 9 })
    expect(selectBetDialogAlert(actor.getSnapshot())).toBeUndefined()
    // nothing of the last opening is left: no side chosen for the next poll
    expect(actor.getSnapshot().context).toEqual({ pollId: 9, wager: '' })
  })

  it('sends a valid bet, shows it is sending and closes once the server took it', async () => {
    let resolve = () => {}
    const { actor, sent } = start(() => new Promise<void>((done) => (resolve = done)))
    actor.send({ type: 'betDialog.voteChosen', vote: 'flat' })
    actor.send({ type: 'betDialog.wagerChanged', wager: '12.5' })
    actor.send(submit())
    expect(selectBetDialogSending(actor.getSnapshot())).toBe(true)
    expect(sent).toEqual([{ pollId: 7, userId: 5, vote: 'flat', wager: '12.5', balance: 50 }])
    resolve()
    await settle()
    expect(selectBetDialogOpen(actor.getSnapshot())).toBe(false)
  })

  it('says the bet could not be sent and offers no second try', async () => {
    const { actor } = start(() => Promise.reject(new Error('500')))
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
