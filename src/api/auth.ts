import { z } from 'zod'
import { normalizedName } from '../domain/names'
import { validationTexts as t } from './texts'

/** PostgreSQL text cannot hold U+0000: a NUL in a name or login is refused here, not by the database. */
export const storableText = (text: string) => !text.includes('\u0000')

/** Crockford base32 without I, L, O, U: what people read aloud and type without confusion. */
export const invitationAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** 24 symbols of 5 bits: 120 random bits per code. */
export const invitationCodeLength = 24

/** Accepts codes as typed (lower case, spaces, dashes) and yields the stored form. */
export const invitationCodeSchema = z
  .string({ error: t.invitationCode })
  .max(64, { error: t.invitationCode })
  .transform((raw) => raw.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .length(invitationCodeLength, { error: t.invitationCode })
      .regex(/^[0-9A-HJKMNP-TV-Z]+$/, { error: t.invitationCode }),
  )

export const emailSchema = z
  .string({ error: t.email })
  .trim()
  .max(254, { error: t.email })
  .pipe(z.email({ error: t.email }))

/**
 * 3 to 24 ASCII letters, digits and underscores, after `normalizedName`: fullwidth 'ａｄａ' is 'ada'; a
 * control, invisible or text-direction character gets its own text, since it cannot be seen.
 */
export const usernameSchema = z
  .string({ error: t.username })
  .refine((raw) => normalizedName(raw) !== undefined, { error: t.usernameCharacters, abort: true })
  .transform((raw) => normalizedName(raw) ?? raw)
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_]{3,24}$/, { error: t.username })
      .refine((name) => !reservedUsernames.has(name.toLowerCase()), { error: t.username }),
  )

/** Names that would pass for the system or for another role in the game. */
const reservedUsernames = new Set(['guest', 'bank', 'thebank', 'the_bank', 'admin', 'alpha', 'system', 'me'])

/** 12 to 128 characters, no composition rules (NIST SP 800-63B). */
export const passwordSchema = z
  .string({ error: t.password })
  .refine((p) => [...p].length >= 12 && [...p].length <= 128, { error: t.password })

const personName = z.string().trim().max(64).refine(storableText).optional()

/**
 * A password the player types to prove it is them (sign-in, and the confirmation of an account change):
 * checked against the stored hash, not against the rules for a new one.
 */
const typedPasswordSchema = z.string().min(1).max(1024)

export const signUpBodySchema = z.strictObject({
  invitationCode: invitationCodeSchema,
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  firstName: personName,
  lastName: personName,
  acceptTerms: z.literal(true, { error: t.acceptTerms }),
})
export type SignUpBody = z.input<typeof signUpBodySchema>

export const signInBodySchema = z.strictObject({
  /** e-mail address or username; a username is found as typed at sign-up (NFKC, as `usernameSchema`) */
  login: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine(storableText)
    .transform((login) => (login.includes('@') ? login : login.normalize('NFKC').trim())),
  password: typedPasswordSchema,
})
export type SignInBody = z.input<typeof signInBodySchema>

export const passwordResetRequestBodySchema = z.strictObject({ email: emailSchema })

/** The answer (202) to a reset request, whether or not the address is known: nothing is revealed. */
export const passwordResetAcceptedSchema = z.object({ status: z.literal('accepted') })

const numericId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const signature = z.string().min(1).max(128)

export const passwordResetBodySchema = z.strictObject({
  userId: numericId,
  validUntil: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  sgn: signature,
  password: passwordSchema,
})

/** confirm-email and unsubscribe links carry these. */
export const emailLinkBodySchema = z.strictObject({
  userId: numericId,
  email: z.string().min(1).max(254),
  sgn: signature,
})

/**
 * The links that move an account's address. With `from` (the address it replaces: the link dies when the
 * address changed meanwhile): the confirmation mailed to a new address. Without: the take-back mailed
 * to the address the account left, which moves it back whatever it is now. Both expire.
 */
export const emailChangeLinkBodySchema = z.strictObject({
  userId: numericId,
  email: z.string().min(1).max(254),
  from: z.string().min(1).max(254).optional(),
  validUntil: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  sgn: signature,
})
export type EmailChangeLink = z.output<typeof emailChangeLinkBodySchema>

/** The answer of the one-click unsubscribe of a mail client (`POST /v1/mail/unsubscribe`). */
export const mailUnsubscribedSchema = z.object({ status: z.literal('unsubscribed') })

export const deleteAccountBodySchema = z.strictObject({ password: typedPasswordSchema })

/**
 * Settings' password change: the current password (an account without one, signed in by a social
 * provider only, confirms with its username, as for the deletion) and the new one.
 */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: typedPasswordSchema,
  password: passwordSchema,
})

/**
 * Settings' e-mail change: the new address and the password (an account without one confirms with its
 * username, as for the deletion). Nothing changes until the link mailed to the new address is opened.
 */
export const changeEmailBodySchema = z.strictObject({
  email: emailSchema,
  password: typedPasswordSchema,
})
