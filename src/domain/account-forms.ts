/**
 * The forms' values, problems and the zod-free rules (sign-in, the links' queries); the sign-up and
 * password rules check with zod (`account-form-rules.ts`), loaded with their forms.
 */

/** What a form holds: text fields and check boxes by name. */
export type FormValues = Readonly<Record<string, string | boolean>>

/** Field name -> the text to show on it; a field that is fine has no entry. */
export type FieldProblems = Readonly<Record<string, string>>

/** Checks every field of a form at once (cross-field rules such as a confirmation need all of them). */
export type FormRules = (values: FormValues) => FieldProblems

export const text = (values: FormValues, name: string) => {
  const value = values[name]
  return typeof value === 'string' ? value : ''
}

/** The problems that are there, by field. */
export function collect(entries: Record<string, string | undefined>): FieldProblems {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => !!entry[1]))
}

/** Texts of the sign-in form's own checks (the spec has none; the server needs both fields). */
export const signInTexts = {
  login: 'Please enter your username or e-mail address',
  password: 'Please enter your password',
} as const

export const signInRules: FormRules = (values) =>
  collect({
    login: text(values, 'login').trim() ? undefined : signInTexts.login,
    password: text(values, 'password') ? undefined : signInTexts.password,
  })

/** A password-reset link's query: userId (number), validUntil (epoch ms), sgn. */
export interface ResetLink {
  readonly userId: number
  readonly validUntil: number
  readonly sgn: string
}

export type ResetLinkState =
  | { readonly kind: 'valid'; readonly link: ResetLink }
  | { readonly kind: 'expired' }
  | { readonly kind: 'invalid' }

const positiveInteger = (raw: string | null) => {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return undefined
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** Whether a reset link can still be used at `now`; the server checks the signature. */
export function resetLinkState(search: string, now: number): ResetLinkState {
  const query = new URLSearchParams(search)
  const userId = positiveInteger(query.get('userId'))
  const validUntil = positiveInteger(query.get('validUntil'))
  const sgn = query.get('sgn')
  if (userId === undefined || validUntil === undefined || !sgn || sgn.length > 128) return { kind: 'invalid' }
  if (validUntil <= now) return { kind: 'expired' }
  return { kind: 'valid', link: { userId, validUntil, sgn } }
}

/** Spec §2 sign-in: every errorMessage value of the query, in order, blank ones left out. */
export function errorMessagesOf(search: string): string[] {
  return new URLSearchParams(search)
    .getAll('errorMessage')
    .map((message) => message.trim())
    .filter(Boolean)
}

/** The query without its errorMessage values (so a reload does not show the dialog again). */
export function withoutErrorMessages(search: string): string {
  const query = new URLSearchParams(search)
  query.delete('errorMessage')
  return query.toString()
}
