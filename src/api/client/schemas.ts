import { z } from 'zod'
import { activityElementSchema } from '../activity'
import { ownVoteSchema, pollPerformanceSchema, pollSchema } from '../polls'
import { taggedMessagePerformanceSchema, taggedMessageSchema } from '../predictions'

/**
 * What the client parses with zod, in one module loaded after the boot started (`loadSchemas`): the
 * answers of the game API calls and what local storage kept. zod stays out of the initial bundle.
 */
export { callSchemas } from './call-schemas'

/** The entries and values the client keeps in local storage (spec §9 "Local persistence"). */
export const storedSchemas = {
  poll: pollSchema,
  ownVote: ownVoteSchema,
  activityElement: activityElementSchema,
  taggedMessage: taggedMessageSchema,
  performance: z.object({
    polls: pollPerformanceSchema.nullable(),
    predictions: taggedMessagePerformanceSchema.nullable(),
  }),
}

export type StoredSchemas = typeof storedSchemas
