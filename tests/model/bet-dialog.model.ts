import type { AnyEventObject } from 'xstate'
import type { BetRefusal, PlacedBet } from '../../src/machines/bet.types'
import { betDialogMachine } from '../../src/machines/bet-dialog.machine'
import type { BetDialogContext } from '../../src/machines/bet-dialog.types'
import { noResults } from '../support/game-fixtures'
import type { Output, PathModel } from './paths'

export const answer: PlacedBet = {
  bet: { pollId: 7, userId: 5, vote: 'up', ttcBet: 10 },
  results: { ...noResults, numUsersBetUp: 1, totalTtcBet: 10, ttcBetUp: 10 },
}
const refusal = (reason: BetRefusal['reason'], message: string): BetRefusal => ({
  pollId: 7,
  reason,
  message,
  sent: reason !== 'signIn',
})
export const refusals = {
  alreadyPlaced: refusal('alreadyPlaced', 'Warning: You have already placed your bet.'),
  failed: refusal('failed', 'Error sending bet to server'),
  signIn: refusal('signIn', 'Sign in to bet'),
}

/** The form as the player left it: the side and wager since the dialog last opened. */
export function formAfter(events: readonly AnyEventObject[]) {
  let form: { vote?: string; wager: string } = { wager: '' }
  for (const event of events) {
    if (event.type === 'betDialog.open' || event.type === 'betDialog.close') form = { wager: '' }
    if (event.type === 'betDialog.voteChosen') form = { ...form, vote: event.vote }
    if (event.type === 'betDialog.wagerChanged') form = { ...form, wager: event.wager }
  }
  return form
}

export const betDialogModel: PathModel = {
  name: 'betDialog',
  summary:
    "The bet dialog (spec §4, §5, §8; issues 17.2, 19.4): a side and a wager checked with the spec's texts, then the bet invoked; its answer (the stake and what it would pay now) or its refusal (a bet placed already, the post failed) shown until closed, a guest's bet closing it on the way to sign in.",
  machine: betDialogMachine,
  events: [
    { type: 'betDialog.open', pollId: 7 },
    { type: 'betDialog.close' },
    { type: 'betDialog.voteChosen', vote: 'up' },
    { type: 'betDialog.wagerChanged', wager: '10' },
    { type: 'betDialog.submit', userId: 5, balance: 50 },
    { type: 'xstate.done.actor.sendBet', output: answer },
    ...Object.values(refusals).map((error) => ({ type: 'xstate.error.actor.sendBet', error })),
  ],
  // spec §5: a bet is sent only with a side and a wager the balance covers
  expectedOutputs: ({ from, event, history }): Output[] => {
    if (event.type !== 'betDialog.submit' || from?.value !== 'editing') return []
    const form = formAfter(history)
    if (form.vote === undefined || form.wager !== '10') return []
    return [{ call: 'sendBet', input: { pollId: 7, userId: 5, vote: form.vote, wager: '10', balance: 50 } }]
  },
  describeState: (snapshot) => {
    const context = snapshot.context as BetDialogContext
    const facts = [
      ...(context.vote ? [context.vote] : []),
      ...(context.wager ? [`${context.wager} TTC`] : []),
      ...(context.alert ? [`"${context.alert.message}"`] : []),
      ...(context.voteError || context.wagerError ? ['field errors'] : []),
    ]
    return facts.length ? `${String(snapshot.value)} (${facts.join(', ')})` : String(snapshot.value)
  },
  describeEvent: (event) => {
    switch (event.type) {
      case 'betDialog.open':
        return 'Place bet on a poll'
      case 'betDialog.close':
        return 'close'
      case 'betDialog.voteChosen':
        return 'the player picks Up'
      case 'betDialog.wagerChanged':
        return 'the player enters 10 TTC'
      case 'betDialog.submit':
        return 'Place bet'
      case 'xstate.done.actor.sendBet':
        return 'the server takes the bet'
      case 'xstate.error.actor.sendBet':
        return `the bet is refused (${event.error.reason})`
      default:
        return undefined
    }
  },
}
