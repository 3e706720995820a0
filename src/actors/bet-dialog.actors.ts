import { type ActorRef, fromPromise, type Snapshot, waitFor } from 'xstate'
import { selectIsSendingBet } from '../machines/bet.machine'
import type { BetContext, BetRequest } from '../machines/bet.types'
import type { BetDialogMachine } from '../machines/bet-dialog.machine'
import type { SendBetInput } from '../machines/bet-dialog.types'
import type { PollsData } from '../machines/polls.types'
import { selectHasLocalVote } from '../machines/polls-view.select'
import type { StoreContext } from '../machines/store.types'

/** An actor the dialog only watches (it never sends to them, hence any event type). */
// biome-ignore lint/suspicious/noExplicitAny: the events of a watched actor do not matter here
type Watched<TContext> = ActorRef<Snapshot<unknown> & { readonly context: TContext }, any>

/** What the bet dialog needs of the client: the bet intent, the bet flow and the polls store. */
export interface BetDialogDeps {
  readonly placeBet: (request: BetRequest) => void
  readonly bet: Watched<BetContext>
  readonly store: (name: 'polls') => Watched<StoreContext<PollsData>>
}

/**
 * Hands the bet to the client's bet flow (which adds it locally, sends it and raises its notices) and
 * settles once the flow has nothing left to send: resolved when the server took the bet, rejected when
 * the bet is still only local (its post failed).
 */
export const sendBetThrough = (deps: BetDialogDeps) =>
  fromPromise<void, SendBetInput>(async ({ input, signal }) => {
    deps.placeBet({ ...input, alreadyPlaced: false })
    await waitFor(deps.bet, (snapshot) => !selectIsSendingBet(snapshot.context), {
      signal,
      timeout: Infinity,
    })
    if (selectHasLocalVote(deps.store('polls').getSnapshot().context, input.pollId)) {
      throw new Error('the bet was not taken by the server')
    }
  })

/** The bet dialog wired to the client (`provideBetDialog(betDialogMachine, client)`). */
export function provideBetDialog(machine: BetDialogMachine, deps: BetDialogDeps) {
  return machine.provide({ actors: { sendBet: sendBetThrough(deps) } })
}
