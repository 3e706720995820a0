import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpPlayer } from '../support/accounts'
import { createGroup, groupsPath } from '../support/groups'
import { connectPlayerSocket, type PlayerSocket } from '../support/player-sockets'
import { startTestServer, type TestServer } from '../support/test-server'

const redisUrl = process.env.ALPHA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

/**
 * Issue "The social loop", point 2, in a cluster: two server processes' worth of context (two pools,
 * two socket.io servers, two Redis buses) on one PostgreSQL database and one Redis. A group change made
 * over HTTP on one reaches the player's socket held by the other, through socket.io's Redis adapter.
 */
describe('group changes pushed across a cluster of two servers', () => {
  const env = { REDIS_URL: redisUrl, ALPHA_REDIS_PREFIX: `alpha-test-${randomBytes(5).toString('hex')}:` }
  let first: TestServer
  let second: TestServer
  const sockets: PlayerSocket[] = []

  beforeAll(async () => {
    first = await startTestServer('postgres', { env })
    second = await startTestServer('postgres', { env, databaseUrl: first.ctx.config.databaseUrl })
  })
  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await second?.stop()
    await first?.stop()
  })

  it("reaches an invited player's socket on the other server, and not an outsider's", async () => {
    const [admin, invitee, outsider] = await Promise.all([
      signUpPlayer(first),
      signUpPlayer(first),
      signUpPlayer(first),
    ])
    const [inviteeSocket, outsiderSocket] = await Promise.all([
      connectPlayerSocket(second.url, invitee),
      connectPlayerSocket(second.url, outsider),
    ])
    sockets.push(inviteeSocket, outsiderSocket)
    const group = await createGroup(admin, { name: 'Across' })
    const invited = await admin.client.post(`${groupsPath}/${group.id}/members/update`, {
      groupId: group.id,
      addMemberIds: [invitee.user.id],
    })
    expect(invited.status).toBe(200)
    await inviteeSocket.heard(group.id)
    expect(inviteeSocket.groupChanges).toEqual([{ groupId: group.id }])

    // the deletion, made on the first server too, reaches the invitee on the second as well
    const deleted = await admin.client.get(`${groupsPath}/${group.id}/delete`)
    expect(deleted.status).toBe(204)
    const deadline = Date.now() + 5000
    while (inviteeSocket.groupChanges.length < 2 && Date.now() < deadline) await inviteeSocket.roundTrip()
    expect(inviteeSocket.groupChanges).toEqual([{ groupId: group.id }, { groupId: group.id }])
    await outsiderSocket.roundTrip()
    expect(outsiderSocket.groupChanges).toEqual([])
  })
})
