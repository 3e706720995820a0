import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  createGroupBodySchema,
  type Group,
  groupListsSchema,
  groupMembersSchema,
  groupParamsSchema,
  groupSchema,
  saveGroupBodySchema,
  sessionPatchBodySchema,
  sessionPatchResponseSchema,
  setMembersBodySchema,
  updateMembersBodySchema,
} from '../../src/api/groups'
import { groupNews } from '../../src/domain/important-messages'
import type { AppContext } from '../context'
import type { Tx } from '../db/database'
import type { UserRow } from '../db/tables/users.table'
import { inTransaction } from '../db/transaction'
import { removeAvatars } from '../game/avatar-files'
import { announceGroupChange } from '../game/group-changes'
import { addMembers, joinGroup, leaveGroup, setActiveGroup, setMembers } from '../game/group-members'
import { type Changed, createGroup, deleteGroup, groupErrors, saveGroup } from '../game/groups'
import { groupFor, groupListsFor, membersOf } from '../game/groups.repo'
import { tellImportantMessage } from '../game/important-messages'
import { notFound } from './app-error'
import { assertAppRequest } from './csrf'
import { groupAvatarRoutes } from './group-avatars.routes'
import { idempotentWrite } from './idempotency'
import { errorResponses, noContentSchema } from './response-schemas'
import { requireUser } from './session'

export const groupsPath = '/v1/stockgame/groups'

/**
 * Groups and events: lists, creation, members and admins, settings, join, leave, delete, avatars, and
 * the active group of the session. Every permission is checked here on the server: only admins save,
 * delete or edit members; members leave; group 1000 is nobody's to change.
 */
export const groupsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const params = groupParamsSchema

  /**
   * After the commit: tells the change's audience (their open apps read their group lists again), deletes
   * avatar files it left unused and answers with its result.
   */
  const afterCommit = async <T>(groupId: number, changed: Changed<T>, caller: UserRow): Promise<T> => {
    announceGroupChange(ctx, { groupId, userIds: changed.audience })
    await removeAvatars(ctx.config.dataDir, changed.unusedAvatars, ctx.log)
    // each player the change concerns hears what the admin did, in the background: the answer does not wait
    for (const { about, groupName, userIds } of changed.told ?? []) {
      const news = groupNews(about, { admin: caller.username, groupName })
      for (const userId of userIds) void tellImportantMessage(ctx, userId, news)
    }
    return changed.result
  }

  /** A group the caller may look at: one they are in or invited to, or a public one. */
  const visibleGroup = async (request: FastifyRequest, groupId: number): Promise<Group> => {
    const { user } = await requireUser(request, ctx)
    const group = await groupFor(ctx.db, groupId, user.id)
    if (!group) throw notFound('Group')
    if (group.memberStatus === null && !group.publicGroup) throw groupErrors.notMember()
    return group
  }

  const lists = { response: { 200: groupListsSchema, ...errorResponses(401) } }
  app.get(groupsPath, { schema: lists }, async (request) => {
    const { user } = await requireUser(request, ctx)
    return groupListsFor(ctx.db, user.id)
  })

  app.post(
    groupsPath,
    {
      schema: {
        body: createGroupBodySchema,
        response: { 201: groupSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request, ctx)
      const answer = await idempotentWrite(
        ctx,
        request,
        user.id,
        async (tx) => ({ statusCode: 201, body: await createGroup(ctx, tx, user.id, request.body) }),
        { counts: 'group_created' },
      )
      const created = answer.body as Group
      // the creator's other tabs list it too
      announceGroupChange(ctx, { groupId: created.id, userIds: [user.id] })
      // A replay answers with the stored body; its status was 201 too.
      return reply.status(201).send(created)
    },
  )

  /** A group looked at, or a change refused: no such group, not allowed. */
  const lookedAt = errorResponses(400, 401, 403, 404)
  /** A change that the group's state may refuse too: the last admin leaving, an event that has ended. */
  const changed = errorResponses(400, 401, 403, 404, 409)

  const oneGroup = { params, response: { 200: groupSchema, ...lookedAt } }
  app.get(`${groupsPath}/:groupId`, { schema: oneGroup }, async (request) =>
    visibleGroup(request, request.params.groupId),
  )

  app.get(
    `${groupsPath}/:groupId/members`,
    { schema: { params, response: { 200: groupMembersSchema, ...lookedAt } } },
    async (request) => {
      const group = await visibleGroup(request, request.params.groupId)
      return membersOf(ctx.db, group.id)
    },
  )

  app.post(
    `${groupsPath}/:groupId/members/set`,
    { schema: { params, body: setMembersBodySchema, response: { 200: groupMembersSchema, ...lookedAt } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const { groupId } = request.params
      return afterCommit(groupId, await setMembers(ctx, user.id, groupId, request.body), user)
    },
  )

  app.post(
    `${groupsPath}/:groupId/members/update`,
    { schema: { params, body: updateMembersBodySchema, response: { 200: groupSchema, ...lookedAt } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const { groupId } = request.params
      return afterCommit(groupId, await addMembers(ctx, user.id, groupId, request.body), user)
    },
  )

  app.post(
    `${groupsPath}/:groupId/save`,
    { schema: { params, body: saveGroupBodySchema, response: { 200: groupSchema, ...changed } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const { groupId } = request.params
      return afterCommit(groupId, await saveGroup(ctx, user.id, groupId, request.body.group), user)
    },
  )

  app.post(
    `${groupsPath}/:groupId/join`,
    { schema: { params, response: { 200: groupSchema, ...changed } } },
    async (request) => {
      const { user } = await requireUser(request, ctx)
      const { groupId } = request.params
      return afterCommit(groupId, await joinGroup(ctx, user.id, groupId), user)
    },
  )

  // The spec's client calls leave and delete with GET. They write, so unlike other GETs they need the
  // x-app-version header and the same origin (a cross-site <img> must not make a player leave); POST
  // works too, and no HEAD twin exists.
  const stateChangingGet = {
    method: ['GET', 'POST'],
    exposeHeadRoute: false,
    onRequest: async (request: FastifyRequest) => assertAppRequest(request, ctx.config.appOrigin),
  }

  /**
   * Leave and delete accept an Idempotency-Key: a retry after a lost answer gets the first 204, not the
   * 403 or 404 the group's new state would give. Avatar files are removed after the first commit alone.
   */
  const keyedChange = async (
    request: FastifyRequest,
    groupId: number,
    change: (tx: Tx, callerId: number) => Promise<Changed<unknown>>,
  ): Promise<void> => {
    const { user } = await requireUser(request, ctx)
    let changed: Changed<null> = { result: null, unusedAvatars: [], audience: [] }
    await idempotentWrite(ctx, request, user.id, async (tx) => {
      changed = { ...(await change(tx, user.id)), result: null }
      return { statusCode: 204, body: null }
    })
    await afterCommit(groupId, changed, user)
  }

  app.route({
    ...stateChangingGet,
    url: `${groupsPath}/:groupId/leave`,
    schema: { params, response: { 204: noContentSchema, ...changed } },
    handler: async (request, reply) => {
      const { groupId } = request.params
      await keyedChange(request, groupId, (tx, callerId) => leaveGroup(ctx, tx, callerId, groupId))
      return reply.status(204).send()
    },
  })

  app.route({
    ...stateChangingGet,
    url: `${groupsPath}/:groupId/delete`,
    schema: { params, response: { 204: noContentSchema, ...lookedAt } },
    handler: async (request, reply) => {
      const { groupId } = request.params
      await keyedChange(request, groupId, (tx, callerId) => deleteGroup(ctx, tx, callerId, groupId))
      return reply.status(204).send()
    },
  })

  await app.register(groupAvatarRoutes, { ctx })

  app.patch(
    '/v1/session',
    {
      schema: {
        body: sessionPatchBodySchema,
        response: { 200: sessionPatchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { user, session } = await requireUser(request, ctx)
      await inTransaction(ctx.db, (tx) =>
        setActiveGroup(tx, session.idHash, user.id, request.body.activeGroupId),
      )
      return { activeGroupId: request.body.activeGroupId }
    },
  )
}
