import { z } from 'zod'

/** Body of every 4xx and 5xx answer of /v1. */
export const apiErrorSchema = z.object({
  error: z.object({
    /** stable machine-readable code, e.g. 'validation_failed', 'username_taken' */
    code: z.string(),
    /** human-readable text; for validation failures the spec's text of the first bad field */
    message: z.string(),
    /** field path -> text, for validation failures */
    fields: z.record(z.string(), z.string()).optional(),
  }),
})

export type ApiErrorBody = z.infer<typeof apiErrorSchema>
