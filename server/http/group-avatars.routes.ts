import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  avatarFileParamsSchema,
  avatarMaxBytes,
  avatarUploadTypes,
  groupParamsSchema,
  groupSchema,
  groupTexts,
} from '../../src/api/groups'
import type { AppContext } from '../context'
import {
  type AvatarImage,
  avatarContentType,
  avatarImageOf,
  readAvatar,
  removeAvatars,
  storeAvatar,
} from '../game/avatar-files'
import { announceGroupChange } from '../game/group-changes'
import { checkCanEdit, setGroupAvatar } from '../game/groups'
import { AppError, notFound } from './app-error'
import { bytesSchema, errorResponses } from './response-schemas'
import { requireUser } from './session'

/** What `avatarContentType` serves a stored file as. */
const avatarServedTypes: readonly AvatarImage['type'][] = ['image/png', 'image/jpeg', 'image/gif']

const tooLarge = () =>
  new AppError(413, 'avatar_too_large', `An avatar may be at most ${avatarMaxBytes / 1024} KB.`, {
    avatar: `An avatar may be at most ${avatarMaxBytes / 1024} KB.`,
  })
const notAnImage = () => new AppError(400, 'avatar_type', groupTexts.avatar, { avatar: groupTexts.avatar })

/** Reads the body up to the avatar limit; a larger one is refused as soon as it is known to be larger. */
async function readLimited(declaredLength: string | undefined, payload: Readable): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > avatarMaxBytes) throw tooLarge()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of payload) {
    size += (chunk as Buffer).length
    if (size > avatarMaxBytes) throw tooLarge()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * `POST /v1/stockgame/groups/{groupId}/avatar` takes the image's bytes as the body (Content-Type one of
 * `avatarUploadTypes`; a browser sends a File as it is). The bytes decide whether it is a PNG, JPEG or GIF,
 * not the name or the declared type. Files are stored under random names and served with their type,
 * nosniff and a CSP that runs nothing, so an upload can never become a page of ours.
 */
export const groupAvatarRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  // In this plugin's scope only: no other route takes a raw image body.
  fastify.addContentTypeParser(
    [...avatarUploadTypes],
    async (request: FastifyRequest, payload: IncomingMessage) =>
      readLimited(request.headers['content-length'], payload),
  )

  app.post(
    '/v1/stockgame/groups/:groupId/avatar',
    {
      schema: {
        params: groupParamsSchema,
        response: { 200: groupSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      await checkCanEdit(ctx.db, request.params.groupId, user.id)
      const body = request.body
      const image = Buffer.isBuffer(body) ? avatarImageOf(body) : undefined
      if (!Buffer.isBuffer(body) || !image) throw notAnImage()
      const file = await storeAvatar(ctx.config.dataDir, body, image)
      try {
        const changed = await setGroupAvatar(ctx, user.id, request.params.groupId, file)
        announceGroupChange(ctx, { groupId: request.params.groupId, userIds: changed.audience })
        await removeAvatars(ctx.config.dataDir, changed.unusedAvatars, ctx.log)
        return changed.result
      } catch (error) {
        await removeAvatars(ctx.config.dataDir, [file], ctx.log)
        throw error
      }
    },
  )

  app.get(
    '/v1/stockgame/groups/avatars/:file',
    {
      schema: {
        params: avatarFileParamsSchema,
        // the stored bytes with their type, never serialized (Fastify sends a Buffer as it is)
        response: {
          200: {
            description: 'The avatar image.',
            content: Object.fromEntries(avatarServedTypes.map((type) => [type, { schema: bytesSchema }])),
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const type = avatarContentType(request.params.file)
      const bytes = type && (await readAvatar(ctx.config.dataDir, request.params.file))
      if (!type || !bytes) throw notFound('Avatar')
      return reply
        .type(type)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes)
    },
  )
}
