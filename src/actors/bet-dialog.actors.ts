import { fromPromise } from 'xstate'
import type { BetRequest, PlacedBet } from '../machines/bet.types'
import type { BetDialogMachine } from '../machines/bet-dialog.machine'
import type { SendBetInput } from '../machines/bet-dialog.types'

/** What the bet dialog needs of the client: the bet, which settles with its answer or refusal. */
export interface BetDialogDeps {
  readonly placeBet: (request: BetRequest) => Promise<PlacedBet>
}

/**
 * Hands the bet to the client's bet flow (which adds it locally, sends it and raises its notices) and
 * settles with the flow's word on it: the server's answer, or the refusal (`BetRefusal`).
 */
export const sendBetThrough = (deps: BetDialogDeps) =>
  fromPromise<PlacedBet, SendBetInput>(({ input }) => deps.placeBet(input))

/** The bet dialog wired to the client (`provideBetDialog(betDialogMachine, client)`). */
export function provideBetDialog(machine: BetDialogMachine, deps: BetDialogDeps) {
  return machine.provide({ actors: { sendBet: sendBetThrough(deps) } })
}
