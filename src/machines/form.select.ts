import type { SnapshotFrom } from 'xstate'
import type { FormMachine } from './form.machine'

type FormSnapshot = SnapshotFrom<FormMachine>

/** A text field's value ('' when unset). */
export const selectFieldText = (snapshot: FormSnapshot, field: string) => {
  const value = snapshot.context.values[field]
  return typeof value === 'string' ? value : ''
}

/** A check box's value. */
export const selectFieldChecked = (snapshot: FormSnapshot, field: string) =>
  snapshot.context.values[field] === true

/** The problem shown on a field, if any. */
export const selectFieldProblem = (snapshot: FormSnapshot, field: string): string | undefined =>
  snapshot.context.shown[field]

/** Whether some field shows a problem (a submit was refused, or a field was left wrong). */
export const selectShowsProblems = (snapshot: FormSnapshot) =>
  Object.values(snapshot.context.shown).some((problem) => problem !== undefined)

export const selectSubmitting = (snapshot: FormSnapshot) => snapshot.matches('submitting')

export const selectSucceeded = (snapshot: FormSnapshot) => snapshot.matches('succeeded')

/** Why the last submission failed, while the player can try again. */
export const selectFailure = (snapshot: FormSnapshot) =>
  snapshot.matches('editing') ? snapshot.context.failure : undefined

/** What the submission answered (e.g. the password-reset request's acceptance). */
export const selectOutput = (snapshot: FormSnapshot) => snapshot.context.output
