import { assign, type ErrorActorEvent, emit, fromPromise, setup } from 'xstate'
import { fairPlayCodes } from '../api/fair-play'
import type { PollResults } from '../api/polls'
import { parseWager, wagerProblem } from '../domain/wager'
import type { Bet, BetContext, BetEmitted, BetEvent, BetRefusalReason, PostVoteInput } from './bet.types'
import { gameNotices } from './game-notices'
import type { Notice } from './notices'
import { statusOf } from './server-error.types'

const guestId = -1

const invalidWagerNotice = (event: BetEvent) =>
  gameNotices.invalidWager(wagerProblem(event.wager, event.balance) ?? 'missing', event.balance)

const betOf = (event: BetEvent): Bet => ({
  pollId: event.pollId,
  userId: event.userId,
  vote: event.vote,
  ttcBet: parseWager(event.wager) as number,
})

const sending = (context: BetContext) => context.queue[0] as Bet

/** The error a refused vote's send ended with, for the guards that read it. */
const errorOfRefusal = ({ event }: { event: ErrorActorEvent }) => event.error

/** What a refused vote's error says: its code and the server's words, when it has them. */
const detailsOf = (error: unknown): { code?: unknown; message?: unknown } =>
  typeof error === 'object' && error !== null ? error : {}

/** A refusal told to the one who placed the bet, in the words of its notice. */
const refused = (pollId: number, reason: BetRefusalReason, notice: Notice, sent: boolean): BetEmitted => ({
  type: 'bet.refused',
  pollId,
  reason,
  message: notice.caption ?? notice.message,
  sent,
})

/**
 * Spec §4 "Tagging and betting", §5, §8: a bet is checked, added to the polls store at once, then
 * sent. A success stores the poll's results; a failure keeps the bet locally and says so; a 409 means
 * the server has a bet of the player on that poll already, unless it is the fair-play refusal of a title
 * whose market closed (src/domain/fair-play.ts), warned about in the server's words; the polls store
 * shows the server's bets again at its next load. Bets placed while one is sent wait in turn.
 * Each bet's end is emitted to whoever placed it: 'bet.answered' with the server's answer, or
 * 'bet.refused' with the reason. At most one bet per poll is in the flow, so the poll names the bet.
 */
export const betMachine = setup({
  types: {} as { context: BetContext; events: BetEvent; emitted: BetEmitted },
  actors: {
    postVote: fromPromise<PollResults, PostVoteInput>(async () => {
      throw new Error('postVote is provided by src/actors')
    }),
  },
  guards: {
    isGuest: ({ event }) => event.userId === guestId,
    isAlreadyPlaced: ({ context, event }) =>
      event.alreadyPlaced === true || context.queue.some((bet) => bet.pollId === event.pollId),
    isInvalidWager: ({ event }) => wagerProblem(event.wager, event.balance) !== undefined,
    isMarketClosed: (_, error: unknown) =>
      statusOf(error) === 409 && detailsOf(error).code === fairPlayCodes.marketClosed,
    isConflict: (_, error: unknown) => statusOf(error) === 409,
    hasBetToSend: ({ context }) => context.queue.length > 0,
  },
  actions: {
    enqueue: assign({ queue: ({ context, event }) => [...context.queue, betOf(event)] }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    addBetLocally: (_, _bet: Bet) => {},
    storeResults: (_, _results: { readonly pollId: number; readonly results: PollResults }) => {},
    notify: (_, _notice: Notice) => {},
    navigateToSignIn: () => {},
    /** the stake left the wallet: the balance is read again at once, not at the next reload */
    refreshBalance: () => {},
  },
}).createMachine({
  id: 'bet',
  context: { queue: [] },
  on: {
    'bet.place': [
      {
        guard: 'isGuest',
        actions: [
          'navigateToSignIn',
          emit(({ event }) =>
            refused(event.pollId, 'signIn', { kind: 'info', message: 'Sign in to bet' }, false),
          ),
        ],
      },
      {
        guard: 'isAlreadyPlaced',
        actions: [
          { type: 'notify', params: gameNotices.alreadyBet },
          emit(({ event }) => refused(event.pollId, 'alreadyPlaced', gameNotices.alreadyBet, false)),
        ],
      },
      {
        guard: 'isInvalidWager',
        actions: [
          { type: 'notify', params: ({ event }) => invalidWagerNotice(event) },
          emit(({ event }) => refused(event.pollId, 'invalidWager', invalidWagerNotice(event), false)),
        ],
      },
      { actions: ['enqueue', { type: 'addBetLocally', params: ({ event }) => betOf(event) }] },
    ],
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'hasBetToSend', target: 'sending' },
    },
    sending: {
      invoke: {
        id: 'postVote',
        src: 'postVote',
        input: ({ context }) => ({ pollId: sending(context).pollId, body: sending(context) }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'storeResults',
              params: ({ context, event }) => ({ pollId: sending(context).pollId, results: event.output }),
            },
            'refreshBalance',
            emit(({ context, event }) => ({
              type: 'bet.answered',
              bet: sending(context),
              results: event.output,
            })),
            'dequeue',
          ],
        },
        onError: [
          {
            guard: { type: 'isMarketClosed', params: errorOfRefusal },
            target: 'idle',
            actions: [
              {
                type: 'notify',
                params: ({ event }) => gameNotices.tagRefused(String(detailsOf(event.error).message)),
              },
              emit(({ context, event }) =>
                refused(
                  sending(context).pollId,
                  'marketClosed',
                  gameNotices.tagRefused(String(detailsOf(event.error).message)),
                  true,
                ),
              ),
              'dequeue',
            ],
          },
          {
            guard: { type: 'isConflict', params: errorOfRefusal },
            target: 'idle',
            actions: [
              { type: 'notify', params: gameNotices.alreadyBet },
              emit(({ context }) =>
                refused(sending(context).pollId, 'alreadyPlaced', gameNotices.alreadyBet, true),
              ),
              'dequeue',
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'notify', params: gameNotices.betFailed },
              emit(({ context }) => refused(sending(context).pollId, 'failed', gameNotices.betFailed, true)),
              'dequeue',
            ],
          },
        ],
      },
    },
  },
})

export type BetMachine = typeof betMachine

/** Whether a bet is on its way to the server (the form shows it). */
export const selectIsSendingBet = (context: BetContext) => context.queue.length > 0
