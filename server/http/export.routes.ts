import { Readable } from 'node:stream'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../context'
import { exportColumns, exportLines } from '../game/prediction-export'
import { AppError } from './app-error'
import { errorResponses } from './response-schemas'
import { requireUser } from './session'

const csvType = 'text/csv; charset=utf-8'
const jsonLinesType = 'application/x-ndjson'
const jsonLinesNames = ['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines']

/** The format an Accept header asks for: JSON Lines when it names one of its types, else CSV (also for none or any). */
export function exportFormatOf(accept: string | undefined): 'csv' | 'jsonl' | undefined {
  if (!accept) return 'csv'
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
  if (types.some((type) => jsonLinesNames.includes(type))) return 'jsonl'
  if (types.some((type) => type === 'text/csv' || type === 'text/*' || type === '*/*')) return 'csv'
  return undefined
}

/**
 * `GET /v1/stockgame/export/predictions`: every judged prediction with the crowd's split before it and
 * the outcome, anonymised (no user ids or names), streamed page by page from a keyset cursor so memory
 * stays flat however many there are. CSV by default, JSON Lines for `Accept: application/x-ndjson`.
 */
export const exportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const schema = {
    description: [
      'Judged predictions for research, anonymised: no user id or name. Columns:',
      `${exportColumns.join(', ')}.`,
      'crowdUp and crowdDown count the predictions on the same message and title made before it;',
      'evaluatedAt is the due time whose price (evalPrice) judged it.',
      `CSV (${csvType}) by default; JSON Lines (${jsonLinesType}, one object a line) when Accept asks for it.`,
      'Streamed in due order; the answer has no length.',
    ].join(' '),
    response: {
      200: {
        description: 'The judged predictions, streamed.',
        content: {
          'text/csv': { schema: z.string().describe('CSV (RFC 4180) with a header line.') },
          [jsonLinesType]: { schema: z.string().describe('JSON Lines: one object a line.') },
        },
      },
      ...errorResponses(401, 406),
    },
  }
  app.get('/v1/stockgame/export/predictions', { schema }, async (request, reply) => {
    await requireUser(request, ctx)
    const format = exportFormatOf(request.headers.accept)
    if (!format)
      throw new AppError(406, 'not_acceptable', `Ask for ${csvType.split(';')[0]} or ${jsonLinesType}.`)
    reply.header('content-type', format === 'csv' ? csvType : jsonLinesType)
    reply.header('cache-control', 'no-store')
    // Fastify pipes a stream as it is (no serializer); the schema documents the text it carries
    const body: unknown = Readable.from(exportLines(ctx.db, format))
    return reply.send(body as string)
  })
}
