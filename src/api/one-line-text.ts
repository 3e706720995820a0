import { z } from 'zod'
import { normalizedName } from '../domain/names'

/**
 * A line the operator writes for every player or one (an announcement, a grant's reason), trimmed: no
 * control, invisible or text-direction characters (the names' rule), 1 to `max` characters. `what`
 * starts its refusals ('An announcement').
 */
export const oneLineTextSchema = (what: string, max: number) =>
  z
    .string()
    .transform((raw) => normalizedName(raw))
    .pipe(
      z
        .string({ error: `${what} cannot contain control, invisible or text-direction characters.` })
        .min(1, { error: `${what} needs a text.` })
        .max(max, { error: `${what} has at most ${max} characters.` }),
    )
