import type { AnyEventObject } from 'xstate'
import { ApiError } from '../../src/api/client'
import type { PollResults } from '../../src/api/polls'
import { betMachine } from '../../src/machines/bet.machine'
import type { Bet, BetContext } from '../../src/machines/bet.types'
import { type Output, type PathModel, stateName } from './paths'

const player = 5
const balance = 50
const place = (pollId: number, wager: string, extra: object = {}) => ({
  type: 'bet.place',
  pollId,
  userId: player,
  vote: 'up',
  wager,
  balance,
  ...extra,
})

/** The bets the model tries: two good ones, one on a poll the player has bet on, the spec's three bad wagers, a guest's. */
export const betEvents = {
  first: place(1, '10'),
  second: place(2, '5.5'),
  alreadyPlaced: place(3, '10', { alreadyPlaced: true }),
  empty: place(1, ''),
  zero: place(1, '0'),
  tooMuch: place(1, '60'),
  guest: { ...place(1, '10'), userId: -1 },
}

export const results: PollResults = {
  numUsersBetUp: 3,
  numUsersBetFlat: 1,
  numUsersBetDown: 0,
  totalTtcBet: 40,
  ttcBetUp: 30,
  ttcBetFlat: 10,
  ttcBetDown: 0,
}
export const conflict = new ApiError(409, 'already_voted', 'Warning: You have already placed your bet.')
export const serverDown = new ApiError(503, 'http_503', 'Oops! Something went wrong')

const validation = (caption: string) => ({
  notice: { kind: 'negative', message: 'Validation Error', caption },
})
const alreadyBetText = 'Warning: You have already placed your bet.'
const alreadyBet = { notice: { kind: 'warning', message: alreadyBetText } }
/** What the one who placed a bet hears when it is refused: at once, or on the server's answer. */
const refused = (pollId: number, reason: string, message: string, sent: boolean) => ({
  emit: { type: 'bet.refused', pollId, reason, message, sent },
})

const betOf = (event: AnyEventObject): Bet => ({
  pollId: event.pollId,
  userId: event.userId,
  vote: event.vote,
  ttcBet: Number(event.wager),
})
const postVote = (bet: Bet) => ({ call: 'postVote', input: { pollId: bet.pollId, body: bet } })

/** The bets waiting (the first being sent) after these events, by the spec's rules. */
export function queueAfter(events: readonly AnyEventObject[]): Bet[] {
  let queue: Bet[] = []
  for (const event of events) {
    if (event.type === 'bet.place' && outcomeOf(event, queue) === 'accepted') queue = [...queue, betOf(event)]
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.'))
      queue = queue.slice(1)
  }
  return queue
}

function outcomeOf(event: AnyEventObject, queue: readonly Bet[]) {
  if (event.userId === -1) return 'guest'
  if (event.alreadyPlaced || queue.some((bet) => bet.pollId === event.pollId)) return 'alreadyPlaced'
  if (event.wager === '') return 'empty'
  if (Number(event.wager) <= 0) return 'zero'
  if (Number(event.wager) > balance) return 'tooMuch'
  return 'accepted'
}

export const betModel: PathModel = {
  name: 'bet',
  summary:
    'The bet flow (spec §4 "Tagging and betting", §5, §8): checked, added locally, then sent; the results stored on success, the bet kept with a notice on failure, a warning on 409. Bets placed meanwhile wait in turn. Each bet’s end is told to whoever placed it: the server’s answer, or why it was refused.',
  machine: betMachine,
  events: [
    ...Object.values(betEvents),
    { type: 'xstate.done.actor.postVote', output: results },
    { type: 'xstate.error.actor.postVote', error: conflict },
    { type: 'xstate.error.actor.postVote', error: serverDown },
  ],
  // spec §5, §8, written out
  expectedOutputs: ({ event, history }): Output[] => {
    const queue = queueAfter(history)
    if (event.type === 'bet.place') {
      const invalid = (caption: string) => [
        validation(caption),
        refused(event.pollId, 'invalidWager', caption, false),
      ]
      switch (outcomeOf(event, queue)) {
        case 'guest':
          return [{ navigate: '/account/signin' }, refused(event.pollId, 'signIn', 'Sign in to bet', false)]
        case 'alreadyPlaced':
          return [alreadyBet, refused(event.pollId, 'alreadyPlaced', alreadyBetText, false)]
        case 'empty':
          return invalid('You must set your wager...')
        case 'zero':
          return invalid('Your wager must be greater than 0.')
        case 'tooMuch':
          return invalid("You don't have so much money... (Max 50.00)")
        default: {
          const bet = betOf(event)
          return queue.length === 0
            ? [{ action: 'adds the bet to the polls store', bet }, postVote(bet)]
            : [{ action: 'adds the bet to the polls store', bet }]
        }
      }
    }
    const [sent, next] = queue
    const sendNext = next ? [postVote(next)] : []
    if (event.type === 'xstate.done.actor.postVote')
      return [
        { action: 'stores the poll results', pollId: sent?.pollId, results },
        { emit: { type: 'bet.answered', bet: sent, results } },
        ...sendNext,
      ]
    if (event.type === 'xstate.error.actor.postVote') {
      const pollId = sent?.pollId ?? 0
      return event.error === conflict
        ? [alreadyBet, refused(pollId, 'alreadyPlaced', alreadyBetText, true), ...sendNext]
        : [
            { notice: { kind: 'negative', message: 'Error sending bet to server' } },
            refused(pollId, 'failed', 'Error sending bet to server', true),
            ...sendNext,
          ]
    }
    return []
  },
  describeState: (snapshot) => {
    const { queue } = snapshot.context as BetContext
    const polls = queue.map((bet) => `p${bet.pollId}`)
    return polls.length ? `${stateName(snapshot)} (${polls.join(', then ')})` : stateName(snapshot)
  },
  describeEvent: (event) => {
    if (event.type === 'bet.place') {
      if (event.userId === -1) return 'a guest bets'
      const what = `${event.wager === '' ? 'no wager' : `${event.wager} TTC`} on p${event.pollId}`
      return event.alreadyPlaced
        ? `the player bets ${what}, where they have a bet`
        : `the player bets ${what}`
    }
    if (event.type === 'xstate.done.actor.postVote') return 'the server takes the bet'
    if (event.type === 'xstate.error.actor.postVote')
      return event.error === conflict ? 'the server answers 409 (a bet is there)' : 'sending fails (503)'
    return undefined
  },
}
