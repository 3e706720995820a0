import { z } from 'zod'
import { oneLineTextSchema } from './one-line-text'

/** An announcement is one line above the game: short enough to read at a glance on a phone. */
export const announcementMaxLength = 280

/** The text of an announcement as the operator typed it: one line of 1 to `announcementMaxLength`. */
export const announcementTextSchema = oneLineTextSchema('An announcement', announcementMaxLength)

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
