import { z } from 'zod'

/** Largest value of the `integer` id columns (PostgreSQL int4): a bigger id is a 400, not a database error. */
export const maxDatabaseId = 2 ** 31 - 1

/** A database id in a JSON body. */
export const databaseIdSchema = z.number().int().positive().max(maxDatabaseId)

/** A database id in a path or query string. */
export const databaseIdParamSchema = z.coerce.number().int().positive().max(maxDatabaseId)
