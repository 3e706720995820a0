import type { FieldProblems } from '../domain/account-forms'
import type { FormFailure } from './form.types'

/** Anything thrown becomes a failure the form can show; ApiError's fields land on the fields. */
export function failureOf(error: unknown): { failure: FormFailure; fields: FieldProblems } {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; fields?: unknown }
  return {
    failure: {
      code: typeof e.code === 'string' ? e.code : 'failed',
      message: typeof e.message === 'string' ? e.message : String(error),
    },
    fields: e.fields && typeof e.fields === 'object' ? (e.fields as FieldProblems) : {},
  }
}
