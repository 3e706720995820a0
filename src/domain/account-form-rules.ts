import type { z } from 'zod'
import {
  emailChangeLinkBodySchema,
  emailLinkBodySchema,
  emailSchema,
  invitationCodeSchema,
  passwordSchema,
  usernameSchema,
} from '../api/auth'
import { validationTexts } from '../api/texts'
import { collect, type FormRules, signInTexts, text } from './account-forms'

/** The zod schemas of src/api/auth carry the spec's texts, so client and server refuse alike. */
function problemOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** Spec §5 sign-up: invitation code, e-mail, username, password (12 to 128 characters), the terms. */
export const signUpRules: FormRules = (values) =>
  collect({
    invitationCode: problemOf(invitationCodeSchema, text(values, 'invitationCode')),
    email: problemOf(emailSchema, text(values, 'email')),
    username: problemOf(usernameSchema, text(values, 'username')),
    password: problemOf(passwordSchema, text(values, 'password')),
    acceptTerms: values.acceptTerms === true ? undefined : validationTexts.acceptTerms,
  })

/** The forgot-password request: an e-mail address. */
export const passwordResetRequestRules: FormRules = (values) =>
  collect({ email: problemOf(emailSchema, text(values, 'email')) })

/** Spec §5 reset: a valid new password and the same again as confirmation. */
export const passwordResetRules: FormRules = (values) =>
  collect({
    password: problemOf(passwordSchema, text(values, 'password')),
    confirmation:
      text(values, 'confirmation') === text(values, 'password')
        ? undefined
        : validationTexts.passwordMismatch,
  })

/** Settings' password change: the current password, a valid new one, and the same again. */
export const changePasswordRules: FormRules = (values) =>
  collect({
    currentPassword: text(values, 'currentPassword') === '' ? signInTexts.password : undefined,
    ...passwordResetRules(values),
  })

/** Settings' e-mail change: a valid new address and the password. */
export const changeEmailRules: FormRules = (values) =>
  collect({
    email: problemOf(emailSchema, text(values, 'email')),
    password: text(values, 'password') === '' ? signInTexts.password : undefined,
  })

/** A link's parameters, each read from the query by its schema's name; undefined when one is missing or malformed. */
function linkOf<S extends z.ZodObject>(schema: S, search: string): z.output<S> | undefined {
  const query = new URLSearchParams(search)
  const named = Object.keys(schema.shape).map((name) => [name, query.get(name) ?? undefined])
  const parsed = schema.safeParse(Object.fromEntries(named))
  return parsed.success ? parsed.data : undefined
}

/** A confirm-email or unsubscribe link's parameters: userId, email, sgn. */
export const emailLinkOf = (search: string) => linkOf(emailLinkBodySchema, search)

/** An e-mail change link's parameters (a confirmation names `from`, a take-back does not). */
export const emailChangeLinkOf = (search: string) => linkOf(emailChangeLinkBodySchema, search)
