import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import { wagerProblem } from '../domain/wager'
import type { BetDialogContext, BetDialogEvent, SendBetInput } from './bet-dialog.types'
import { gameNotices, gameTexts } from './game-notices'

type SubmitEvent = Extract<BetDialogEvent, { type: 'betDialog.submit' }>

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
}

const problemOf = (context: BetDialogContext, event: SubmitEvent) =>
  wagerProblem(context.wager, event.balance)

/**
 * The bet dialog (spec §4 "Tagging and betting", §5, §8): the player picks up, flat or down and a
 * wager; the dialog checks them with the bet flow's own rules and texts, warns about a second bet,
 * then hands the bet to the bet flow (`sendBet`) and closes once the server took it. A failed post
 * keeps the bet locally, so the dialog says so and offers no second try.
 */
export const betDialogMachine = setup({
  types: {} as { context: BetDialogContext; events: BetDialogEvent },
  actors: {
    sendBet: fromPromise<void, SendBetInput>(async () => {
      throw new Error('sendBet is provided by src/actors')
    }),
  },
  guards: {
    isAlreadyPlaced: ({ event }) => (event as SubmitEvent).alreadyPlaced,
    isComplete: ({ context, event }) =>
      context.vote !== undefined && problemOf(context, event as SubmitEvent) === undefined,
  },
  actions: {
    openFor: assign(({ event }) => {
      const { pollId, alreadyPlaced } = event as Extract<BetDialogEvent, { type: 'betDialog.open' }>
      return {
        ...closedContext,
        pollId,
        // said before the player fills the form in; a submit still checks again (the store may not know)
        ...(alreadyPlaced ? { alert: { kind: 'warning', message: gameTexts.alreadyBet } as const } : {}),
      }
    }),
    reset: assign(() => closedContext),
    chooseVote: assign(({ event }) => ({
      vote: (event as Extract<BetDialogEvent, { type: 'betDialog.voteChosen' }>).vote,
      voteError: undefined,
    })),
    changeWager: assign(({ event }) => ({
      wager: (event as Extract<BetDialogEvent, { type: 'betDialog.wagerChanged' }>).wager,
      wagerError: undefined,
    })),
    warnAlreadyPlaced: assign({ alert: { kind: 'warning', message: gameTexts.alreadyBet } }),
    showProblems: assign(({ context, event }) => {
      const submit = event as SubmitEvent
      const problem = problemOf(context, submit)
      const notice = problem && gameNotices.invalidWager(problem, submit.balance)
      return {
        alert: undefined,
        voteError: context.vote === undefined ? chooseVoteText : undefined,
        wagerError: notice ? { title: notice.message, message: notice.caption ?? '' } : undefined,
      }
    }),
    showSendFailure: assign({ alert: { kind: 'error', message: gameTexts.betFailed } }),
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
          { guard: 'isAlreadyPlaced', actions: 'warnAlreadyPlaced' },
          { guard: 'isComplete', target: 'sending', actions: assign({ alert: undefined }) },
          { actions: 'showProblems' },
        ],
      },
    },
    sending: {
      // closing only hides the dialog: the bet flow goes on sending and reports by notice
      on: { 'betDialog.close': { target: 'closed', actions: 'reset' } },
      invoke: {
        src: 'sendBet',
        input: ({ context, event }) => ({
          pollId: context.pollId as number,
          userId: (event as SubmitEvent).userId,
          vote: context.vote as NonNullable<BetDialogContext['vote']>,
          wager: context.wager,
          balance: (event as SubmitEvent).balance,
        }),
        onDone: { target: 'closed', actions: 'reset' },
        onError: { target: 'failed', actions: 'showSendFailure' },
      },
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
/** After a failed post: the bet stays local, the form takes no second try. */
export const selectBetDialogFailed = (snapshot: Snapshot) => snapshot.matches('failed')
export const selectChosenVote = (snapshot: Snapshot) => snapshot.context.vote
export const selectWager = (snapshot: Snapshot) => snapshot.context.wager
export const selectVoteError = (snapshot: Snapshot) => snapshot.context.voteError
export const selectWagerError = (snapshot: Snapshot) => snapshot.context.wagerError
export const selectBetDialogAlert = (snapshot: Snapshot) => snapshot.context.alert
