import type { z } from 'zod'
import {
  type EmailChangeLink,
  emailChangeLinkBodySchema,
  emailLinkBodySchema,
  emailSchema,
  invitationCodeSchema,
  passwordSchema,
  usernameSchema,
} from '../api/auth'
import { validationTexts } from '../api/texts'
import { collect, type EmailLink, type FormRules, signInTexts, text } from './account-forms'

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

/** The link's parameters, or undefined when one is missing or malformed. */
export function emailLinkOf(search: string): EmailLink | undefined {
  const query = new URLSearchParams(search)
  const parsed = emailLinkBodySchema.safeParse({
    userId: query.get('userId') ?? undefined,
    email: query.get('email') ?? undefined,
    sgn: query.get('sgn') ?? undefined,
  })
  return parsed.success ? parsed.data : undefined
}

/**
 * An e-mail change link's parameters (a confirmation names `from`, a take-back does not), or undefined
 * when one is missing or malformed.
 */
export function emailChangeLinkOf(search: string): EmailChangeLink | undefined {
  const query = new URLSearchParams(search)
  const parsed = emailChangeLinkBodySchema.safeParse({
    userId: query.get('userId') ?? undefined,
    email: query.get('email') ?? undefined,
    from: query.get('from') ?? undefined,
    validUntil: query.get('validUntil') ?? undefined,
    sgn: query.get('sgn') ?? undefined,
  })
  return parsed.success ? parsed.data : undefined
}
