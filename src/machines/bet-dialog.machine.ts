import { assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { wagerProblem } from '../domain/wager'
import type { BetRefusal, PlacedBet } from './bet.types'
import type { BetDialogAlert, BetDialogContext, BetDialogEvent, SendBetInput } from './bet-dialog.types'
import { gameNotices, gameTexts } from './game-notices'

/** Shown when the player bets without picking a side (the server's word for it, src/api/polls.ts). */
export const chooseVoteText = 'Please choose up, flat or down.'

// every key named: assign merges, so a key left out would keep the last opening's side or alert
const closedContext: BetDialogContext = {
  pollId: undefined,
  vote: undefined,
  wager: '',
  voteError: undefined,
  wagerError: undefined,
  alert: undefined,
  placed: undefined,
}

const refusalOf = (error: unknown): Partial<BetRefusal> =>
  typeof error === 'object' && error !== null ? (error as Partial<BetRefusal>) : {}

/** A refused bet as the dialog says it: a warning for a bet placed already or a closed market. */
function alertOf(error: unknown): BetDialogAlert {
  const { reason, message } = refusalOf(error)
  if (reason === 'alreadyPlaced') return { kind: 'warning', message: gameTexts.alreadyBet }
  if (reason === 'marketClosed' && message) return { kind: 'warning', message }
  if (reason === 'invalidWager' && message) return { kind: 'error', message }
  return { kind: 'error', message: gameTexts.betFailed }
}

/**
 * The bet dialog (spec §4 "Tagging and betting", §5, §8): the player picks up, flat or down and a
 * wager; the dialog checks them with the bet flow's own rules and texts, then invokes the bet
 * (`sendBet`: the client's bet flow, which adds it locally and sends it) and handles its end. Done: the
 * dialog shows the server's answer, the bet and what it would pay now. Refused: it says why (a bet
 * placed already, the market closed, the post failed: the bet stays local) and offers no second try;
 * a guest is on the way to sign in, so it closes. Whether the player bet already is the bet flow's
 * decision, not the dialog's.
 */
export const betDialogMachine = setup({
  types: {} as { context: BetDialogContext; events: BetDialogEvent },
  actors: {
    sendBet: fromPromise<PlacedBet, SendBetInput>(async () => {
      throw new Error('sendBet is provided by src/actors')
    }),
  },
  guards: {
    isComplete: ({ context, event }) => {
      assertEvent(event, 'betDialog.submit')
      return context.vote !== undefined && wagerProblem(context.wager, event.balance) === undefined
    },
    /** the bet flow sent a guest to sign in (the invoke's error event) */
    isOnTheWayToSignIn: ({ event }) =>
      refusalOf('error' in event ? event.error : undefined).reason === 'signIn',
  },
  actions: {
    openFor: assign(({ event }) => {
      assertEvent(event, 'betDialog.open')
      return { ...closedContext, pollId: event.pollId }
    }),
    reset: assign(() => closedContext),
    chooseVote: assign(({ event }) => {
      assertEvent(event, 'betDialog.voteChosen')
      return { vote: event.vote, voteError: undefined }
    }),
    changeWager: assign(({ event }) => {
      assertEvent(event, 'betDialog.wagerChanged')
      return { wager: event.wager, wagerError: undefined }
    }),
    showProblems: assign(({ context, event }) => {
      assertEvent(event, 'betDialog.submit')
      const problem = wagerProblem(context.wager, event.balance)
      const notice = problem && gameNotices.invalidWager(problem, event.balance)
      return {
        alert: undefined,
        voteError: context.vote === undefined ? chooseVoteText : undefined,
        wagerError: notice ? { title: notice.message, message: notice.caption ?? '' } : undefined,
      }
    }),
  },
}).createMachine({
  id: 'betDialog',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      on: { 'betDialog.open': { target: 'editing', actions: 'openFor' } },
    },
    editing: {
      on: {
        'betDialog.close': { target: 'closed', actions: 'reset' },
        'betDialog.voteChosen': { actions: 'chooseVote' },
        'betDialog.wagerChanged': { actions: 'changeWager' },
        'betDialog.submit': [
          { guard: 'isComplete', target: 'sending', actions: assign({ alert: undefined }) },
          { actions: 'showProblems' },
        ],
      },
    },
    sending: {
      // closing only hides the dialog: the bet flow goes on sending and reports by notice
      on: { 'betDialog.close': { target: 'closed', actions: 'reset' } },
      invoke: {
        id: 'sendBet',
        src: 'sendBet',
        input: ({ context, event }) => {
          assertEvent(event, 'betDialog.submit')
          return {
            pollId: context.pollId as number,
            userId: event.userId,
            vote: context.vote as NonNullable<BetDialogContext['vote']>,
            wager: context.wager,
            balance: event.balance,
          }
        },
        onDone: { target: 'placed', actions: assign({ placed: ({ event }) => event.output }) },
        onError: [
          { guard: 'isOnTheWayToSignIn', target: 'closed', actions: 'reset' },
          { target: 'failed', actions: assign({ alert: ({ event }) => alertOf(event.error) }) },
        ],
      },
    },
    placed: {
      on: { 'betDialog.close': { target: 'closed', actions: 'reset' } },
    },
    failed: {
      on: { 'betDialog.close': { target: 'closed', actions: 'reset' } },
    },
  },
})

export type BetDialogMachine = typeof betDialogMachine

type Snapshot = SnapshotFrom<BetDialogMachine>

export const selectBetDialogOpen = (snapshot: Snapshot) => !snapshot.matches('closed')
export const selectBetDialogPollId = (snapshot: Snapshot) => snapshot.context.pollId
export const selectBetDialogSending = (snapshot: Snapshot) => snapshot.matches('sending')
/** After a refused bet: the form takes no second try. */
export const selectBetDialogFailed = (snapshot: Snapshot) => snapshot.matches('failed')
/** The server's answer to the bet, once it took it. */
export const selectPlacedBet = (snapshot: Snapshot) => snapshot.context.placed
export const selectChosenVote = (snapshot: Snapshot) => snapshot.context.vote
export const selectWager = (snapshot: Snapshot) => snapshot.context.wager
export const selectVoteError = (snapshot: Snapshot) => snapshot.context.voteError
export const selectWagerError = (snapshot: Snapshot) => snapshot.context.wagerError
export const selectBetDialogAlert = (snapshot: Snapshot) => snapshot.context.alert
