import { z } from 'zod'
import { databaseIdParamSchema } from './ids'

const hourMs = 3_600_000

/** The widest range one crowd request covers: a year of hours (the chart's longest range is thinned). */
export const crowdRangeMaxMs = 366 * 24 * hourMs

export const crowdParamsSchema = z.strictObject({ titleId: databaseIdParamSchema })

/** `GET /v1/stockgame/titles/{titleId}/crowd?from=&to=`: epoch milliseconds, `from` before `to`. */
export const crowdQuerySchema = z
  .strictObject({
    from: z.coerce.number().int().min(0),
    to: z.coerce.number().int().min(0),
  })
  .refine((range) => range.from < range.to, { message: 'from must be before to', path: ['from'] })
  .refine((range) => range.to - range.from <= crowdRangeMaxMs, {
    message: 'The range is at most 366 days',
    path: ['to'],
  })
export type CrowdQuery = z.infer<typeof crowdQuerySchema>

/** One hour's predictions on the title (by when they were made), hours without any left out. */
export const crowdHourSchema = z.object({
  /** the hour's start, epoch milliseconds */
  hour: z.number().int(),
  up: z.number().int(),
  down: z.number().int(),
})
export type CrowdHour = z.infer<typeof crowdHourSchema>

export const crowdSplitSchema = z.array(crowdHourSchema)
