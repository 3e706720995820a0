import { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  passwordResetAcceptedSchema,
} from '../../src/api/auth'
import { playerDataFileName, playerDataPath, playerDataSchema } from '../../src/api/player-data'
import { mergeSettings, settingsPatchSchema, settingsSchema } from '../../src/api/settings'
import {
  publicUserSchema,
  userProfileSchema,
  userRefSchema,
  userSearchQuerySchema,
} from '../../src/api/users'
import { changePassword, deleteAccount } from '../auth/accounts'
import { askEmailChange } from '../auth/email-change'
import { playerDataChunks } from '../auth/player-data'
import { settingsOf, settingsUpdate } from '../auth/settings'
import { publicUsersPayload } from '../auth/user-payload'
import { profileSummaryOf } from '../auth/user-profile'
import { findUserById, findUserByUsername, searchUsersByName } from '../auth/users.repo'
import type { AppContext } from '../context'
import type { UserRow } from '../db/tables/users.table'
import { forbidden, notFound } from './app-error'
import { limitSignedIn } from './rate-limits'
import { errorResponses, noContentSchema } from './response-schemas'
import { type Authenticated, clearSessionCookie, requireUser } from './session'

const searchLimit = 20

export async function resolveUser(
  ctx: AppContext,
  ref: string,
  caller: Authenticated,
): Promise<UserRow | undefined> {
  if (ref === 'me') return caller.user
  if (/^\d{1,15}$/.test(ref)) return findUserById(ctx.db, Number(ref))
  return findUserByUsername(ctx.db, ref)
}

/** Settings' password change of the signed-in player. */
export const changePasswordPath = '/v1/users/me/password'

/** Settings' e-mail change of the signed-in player: a link goes to the new address. */
export const changeEmailPath = '/v1/users/me/email'

/** Profiles, search, settings (owner only), the password and e-mail changes and account deletion. */
export const usersRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  const search = {
    querystring: userSearchQuerySchema,
    response: { 200: z.array(publicUserSchema), ...errorResponses(400, 401) },
  }
  app.get('/v1/users', { schema: search }, async (request) => {
    await requireUser(request, ctx)
    const users = await searchUsersByName(ctx.db, request.query.name, searchLimit)
    return publicUsersPayload(ctx, users, ctx.clock.now())
  })

  const profile = {
    params: userRefSchema,
    response: { 200: userProfileSchema, ...errorResponses(400, 401, 404) },
  }
  app.get('/v1/users/:user', { schema: profile }, async (request) => {
    const caller = await requireUser(request, ctx)
    const user = await resolveUser(ctx, request.params.user, caller)
    if (!user) throw notFound('User')
    const [[payload], summary] = await Promise.all([
      publicUsersPayload(ctx, [user], ctx.clock.now()),
      profileSummaryOf(ctx.db, user.id),
    ])
    if (!payload) throw notFound('User')
    return { ...payload, ...summary }
  })

  /** Settings belong to their owner alone: anybody else gets 403, whether or not the user exists. */
  const ownSettingsUser = async (request: Parameters<typeof requireUser>[0], ref: string) => {
    const caller = await requireUser(request, ctx)
    const user = await resolveUser(ctx, ref, caller)
    if (!user || user.id !== caller.user.id) throw forbidden()
    return user
  }

  const settings = {
    params: userRefSchema,
    response: { 200: settingsSchema, ...errorResponses(400, 401, 403) },
  }
  app.get('/v1/users/:user/settings', { schema: settings }, async (request) => {
    return settingsOf(await ownSettingsUser(request, request.params.user))
  })

  app.patch(
    '/v1/users/:user/settings',
    { schema: { ...settings, body: settingsPatchSchema } },
    async (request) => {
      const user = await ownSettingsUser(request, request.params.user)
      const next = mergeSettings(settingsOf(user), request.body)
      await ctx.db
        .updateTable('users')
        .set(settingsUpdate(user, next, ctx.clock.now(), ctx.config.timeZone))
        .where('id', '=', user.id)
        .execute()
      return next
    },
  )

  const dataDownload = {
    description:
      'Everything the game keeps about the signed-in player, as one JSON file to save (a copy of their data). ' +
      'Streamed: the answer has no length.',
    response: {
      200: {
        description: 'The JSON file, as an attachment.',
        content: { 'application/json': { schema: playerDataSchema } },
      },
      ...errorResponses(401, 429),
    },
  }
  app.get(
    playerDataPath,
    // a download reads every row of the player: a few an hour are plenty
    { schema: dataDownload, preHandler: limitSignedIn(fastify, ctx, 'dataDownload') },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      const fileName = playerDataFileName(user.username, ctx.clock.now())
      reply.header('content-type', 'application/json; charset=utf-8')
      reply.header('content-disposition', `attachment; filename="${fileName}"`)
      reply.header('cache-control', 'no-store')
      // Fastify pipes a stream as it is (no serializer); the schema documents the text it carries
      const body: unknown = Readable.from(playerDataChunks(ctx, user))
      return reply.send(body as z.infer<typeof playerDataSchema>)
    },
  )

  // The password is checked here too, so a stolen session could guess it: the route has sign-in's budgets
  // per address and per account (its own counters), and deleteAccount the slow-down after failures,
  // counted together with sign-in's. A guest is refused before it spends anything.
  const signedIn = async (request: FastifyRequest) => {
    await requireUser(request, ctx)
  }
  const passwordGuessLimits = limitSignedIn(fastify, ctx, 'signIn')
  const deletion = {
    body: deleteAccountBodySchema,
    response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 429) },
  }

  app.delete(
    '/v1/users/me',
    { schema: deletion, preHandler: [signedIn, ...passwordGuessLimits] },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      await deleteAccount(ctx, user, request.body)
      clearSessionCookie(reply, ctx)
      return reply.status(204).send()
    },
  )

  const passwordChange = {
    body: changePasswordBodySchema,
    response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 429) },
  }
  app.put(
    changePasswordPath,
    { schema: passwordChange, preHandler: [signedIn, ...passwordGuessLimits] },
    async (request, reply) => {
      const { user, session } = await requireUser(request, ctx)
      await changePassword(ctx, { user, sessionIdHash: session.idHash }, request.body)
      return reply.status(204).send()
    },
  )

  // each call also mails an address the player typed: the reset request's budgets as well, counted apart
  const mailLimits = limitSignedIn(fastify, ctx, 'resetRequest')
  const emailChange = {
    body: changeEmailBodySchema,
    response: { 202: passwordResetAcceptedSchema, ...errorResponses(400, 401, 403, 409, 429) },
  }
  app.put(
    changeEmailPath,
    { schema: emailChange, preHandler: [signedIn, ...passwordGuessLimits, ...mailLimits] },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      await askEmailChange(ctx, user, request.body)
      return reply.status(202).send({ status: 'accepted' as const })
    },
  )
}
