import { z } from 'zod'

/** Body of every 4xx and 5xx answer of /v1; the OpenAPI document names it `ApiError`. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      /** stable machine-readable code, e.g. 'validation_failed', 'username_taken' */
      code: z.string(),
      /** human-readable text; for validation failures the spec's text of the first bad field */
      message: z.string(),
      /** field path -> text, for validation failures */
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({
    id: 'ApiError',
    description: 'A refused request (4xx) or a failure (5xx): a stable code and a text a player can read.',
  })

export type ApiErrorBody = z.infer<typeof apiErrorSchema>
