import { z } from 'zod'
import { normalizedName } from '../domain/names'

/** An announcement is one line above the game: short enough to read at a glance on a phone. */
export const announcementMaxLength = 280

/**
 * The text of an announcement as the operator typed it, trimmed: one line without control, invisible or
 * text-direction characters (the names' rule), 1 to `announcementMaxLength` characters.
 */
export const announcementTextSchema = z
  .string()
  .transform((raw) => normalizedName(raw))
  .pipe(
    z
      .string({ error: 'An announcement cannot contain control, invisible or text-direction characters.' })
      .min(1, { error: 'An announcement needs a text.' })
      .max(announcementMaxLength, {
        error: `An announcement has at most ${announcementMaxLength} characters.`,
      }),
  )

export const announcementSchema = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  createdAt: z.number(),
  /** when it stops being shown; null: until the operator posts another or clears it */
  endsAt: z.number().nullable(),
})
export type Announcement = z.infer<typeof announcementSchema>

/** `GET /v1/announcement`: the operator's current announcement, or null. */
export const currentAnnouncementSchema = z.object({ announcement: announcementSchema.nullable() })
export type CurrentAnnouncement = z.infer<typeof currentAnnouncementSchema>
