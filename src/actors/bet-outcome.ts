import type { ActorRefFrom, Subscription } from 'xstate'
import type { BetMachine } from '../machines/bet.machine'
import type { BetRefusal, PlacedBet } from '../machines/bet.types'

/**
 * Places a bet through the bet flow (`place` sends it) and settles with that bet's end, as the flow
 * emits it: resolved with the server's answer, rejected with the refusal (a `BetRefusal`). A refusal
 * before sending comes while `place` runs (the flow takes an event through at once), so only those
 * are this bet's; after that the poll names it, the flow holding at most one bet per poll.
 */
export function betOutcome(
  bet: ActorRefFrom<BetMachine>,
  pollId: number,
  place: () => void,
): Promise<PlacedBet> {
  return new Promise<PlacedBet>((resolve, reject) => {
    let refusedAtOnce: BetRefusal | undefined
    const atOnce = bet.on('bet.refused', ({ type: _type, ...refusal }) => {
      if (refusal.pollId === pollId && !refusal.sent) refusedAtOnce = refusal
    })
    try {
      place()
    } finally {
      atOnce.unsubscribe()
    }
    if (refusedAtOnce) return reject(refusedAtOnce)
    const listening: Subscription[] = []
    const stop = () => {
      for (const subscription of listening) subscription.unsubscribe()
    }
    listening.push(
      bet.on('bet.answered', ({ bet: placed, results }) => {
        if (placed.pollId !== pollId) return
        stop()
        resolve({ bet: placed, results })
      }),
      bet.on('bet.refused', ({ type: _type, ...refusal }) => {
        if (refusal.pollId !== pollId || !refusal.sent) return
        stop()
        reject(refusal)
      }),
    )
  })
}
