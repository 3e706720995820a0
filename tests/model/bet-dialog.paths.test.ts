import { describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import {
  betDialogMachine,
  selectBetDialogAlert,
  selectBetDialogFailed,
  selectBetDialogOpen,
  selectBetDialogSending,
  selectPlacedBet,
} from '../../src/machines/bet-dialog.machine'
import { answer, betDialogModel, formAfter, refusals } from './bet-dialog.model'
import { generatePaths, pathTitle } from './paths'
import { type PathHarness, replayPath } from './replay'

type Snapshot = Parameters<typeof selectBetDialogOpen>[0]

/** What the dialog shows after these events, by the spec's rules: its phase and its answer or alert. */
function shownAfter(events: readonly AnyEventObject[]) {
  let shown: { phase: string; alert?: { kind: string; message: string }; placed?: unknown } = {
    phase: 'closed',
  }
  for (const event of events) {
    if (event.type === 'betDialog.open' && shown.phase === 'closed') shown = { phase: 'editing' }
    if (event.type === 'betDialog.close') shown = { phase: 'closed' }
    if (event.type === 'xstate.done.actor.sendBet') shown = { phase: 'placed', placed: answer }
    if (event.type === 'xstate.error.actor.sendBet') {
      if (event.error === refusals.signIn) shown = { phase: 'closed' }
      else if (event.error === refusals.alreadyPlaced)
        shown = { phase: 'failed', alert: { kind: 'warning', message: refusals.alreadyPlaced.message } }
      else shown = { phase: 'failed', alert: { kind: 'error', message: 'Error sending bet to server' } }
    }
    if (event.type === 'betDialog.submit' && shown.phase === 'editing') {
      const form = formAfter(events.slice(0, events.indexOf(event)))
      if (form.vote && form.wager === '10') shown = { phase: 'sending' }
    }
  }
  return shown
}

const harness: PathHarness = {
  provide: ({ stub }) => betDialogMachine.provide({ actors: { sendBet: stub('sendBet') as never } }),
  checkState: (snapshot, { event, history }) => {
    const shown = shownAfter([...history, event])
    const typed = snapshot as Snapshot
    expect(selectBetDialogOpen(typed)).toBe(shown.phase !== 'closed')
    expect(selectBetDialogSending(typed)).toBe(shown.phase === 'sending')
    expect(selectBetDialogFailed(typed)).toBe(shown.phase === 'failed')
    expect(selectPlacedBet(typed)).toEqual(shown.placed)
    if (shown.phase !== 'editing') expect(selectBetDialogAlert(typed)).toEqual(shown.alert)
  },
}

describe(`${betDialogModel.name} paths`, () => {
  const paths = generatePaths(betDialogModel)

  it('reach the answer and each refusal', () => {
    const events = paths.flatMap((path) => path.steps.map((step) => step.event))
    expect(events.map((event) => event.type)).toContain('xstate.done.actor.sendBet')
    const refused = events.filter((event) => event.type === 'xstate.error.actor.sendBet')
    expect(new Set(refused.map((event) => event.error))).toEqual(new Set(Object.values(refusals)))
  })

  for (const path of paths) {
    it(`path ${path.index}: ${pathTitle(betDialogModel, path)}`, () =>
      replayPath(betDialogModel, harness, path))
  }
})
