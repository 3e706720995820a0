import type { FieldProblems, FormRules, FormValues } from '../domain/account-forms'

export type { FieldProblems, FormRules, FormValues }

/** Why the last submission failed: the server's code and text (ApiError-shaped), or the thrown message. */
export interface FormFailure {
  /** e.g. 'invalid_link', 'username_taken', 'network_error' @default 'failed' */
  readonly code: string
  readonly message: string
}

export interface FormInput {
  /** values known at start (a link's parameters, a code from the query), over the form's defaults */
  readonly values?: FormValues
}

export interface FormContext {
  /** the values at start, for `form.reset` */
  readonly start: FormValues
  readonly values: FormValues
  /** fields the player has typed in: a blur checks only these, so tabbing through stays quiet */
  readonly edited: readonly string[]
  /** the problems shown on fields: set on blur and on submit, cleared as soon as a field is fixed */
  readonly shown: FieldProblems
  readonly failure?: FormFailure
  /** what the submission answered */
  readonly output?: unknown
}

export type FormEvent =
  | { readonly type: 'form.change'; readonly field: string; readonly value: string | boolean }
  | { readonly type: 'form.blur'; readonly field: string }
  /** checks every field; sends the values only when all are fine */
  | { readonly type: 'form.submit' }
  /** back to the start values (a dialog opened again) */
  | { readonly type: 'form.reset' }
