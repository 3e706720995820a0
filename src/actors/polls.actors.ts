import { fromPromise } from 'xstate'
import type { OwnVote, Poll, PollResults } from '../api/polls'
import type { BetMachine } from '../machines/bet.machine'
import type { PostVoteInput } from '../machines/bet.types'
import type { PollsMachine } from '../machines/polls.machine'
import type { PollsEvent } from '../machines/polls.types'
import { type GameCall, gameCallFor, goToSignIn, type Sendable } from './game-api'
import type { GameReads } from './game-reads'
import type { Navigator } from './navigation'
import type { Notifier } from './notifier'
import type { ServerErrorPolicyDeps } from './server-error.actors'

/** The polls of the player, as the state carries them (`GET /v1/stockgame/state`, spec §4). */
export const loadPolls = (state: GameReads['state']) =>
  fromPromise<readonly Poll[]>(async () => (await state()).polls)

/** Sends a bet (`POST /v1/stockgame/polls/{pollId}/vote`, one Idempotency-Key for all attempts). */
export const postVote = (call: GameCall) =>
  fromPromise<PollResults, PostVoteInput>(({ input }) =>
    call('vote', { params: { pollId: input.pollId }, body: input.body }),
  )

/** The production wiring of the polls store: fed by the state. */
export function providePolls(machine: PollsMachine, { reads }: { readonly reads: GameReads }) {
  return machine.provide({ actors: { loadStore: loadPolls(reads.state) } })
}

export interface BetDeps extends ServerErrorPolicyDeps {
  readonly navigate: Navigator
  readonly notify: Notifier
  /** the polls store: the bet shows there at once, and the results once the server has it */
  readonly polls: Sendable<PollsEvent>
  /** @default Date.now */
  readonly now?: () => number
  /** reads the player's balance again (the session's auth user) @default nothing */
  readonly refreshBalance?: () => void
}

/** The production wiring of the bet flow. */
export function provideBet(machine: BetMachine, deps: BetDeps) {
  const now = deps.now ?? Date.now
  return machine.provide({
    actors: { postVote: postVote(gameCallFor(deps)) },
    actions: {
      addBetLocally: (_, bet) => {
        const vote: OwnVote = { ...bet, createdAt: now(), payout: null }
        deps.polls.send({ type: 'polls.betAdded', vote })
      },
      storeResults: (_, { pollId, results }) =>
        deps.polls.send({ type: 'polls.resultsReceived', pollId, results }),
      notify: (_, notice) => deps.notify.show(notice),
      navigateToSignIn: () => goToSignIn(deps.navigate),
      refreshBalance: () => deps.refreshBalance?.(),
    },
  })
}
