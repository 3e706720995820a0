import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PlayerInvitation } from '../../src/api/invitations'
import type { AuthUser } from '../../src/api/users'
import { type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { createGroup, groupListsOf, groupsPath } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { connectPlayerSocket, type PlayerSocket } from '../support/player-sockets'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Issue "The social loop", point 2: every committed change of a group reaches the sockets of the
 * players whose group lists it altered ('groups changed'), and nobody else's; a refused change pushes
 * nothing. An invitation names the admin who sent it.
 */
describe.each(dialects)('group changes pushed live on %s', (dialect) => {
  let server: TestServer
  const sockets: PlayerSocket[] = []
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close()
  })
  afterAll(() => server.stop())

  async function playerWithSocket(): Promise<{ player: SignedUp; socket: PlayerSocket }> {
    const player = await signUpPlayer(server)
    const socket = await connectPlayerSocket(server.url, player)
    sockets.push(socket)
    return { player, socket }
  }

  /** Nothing more than `count` pushes reached the socket (checked after a round trip). */
  async function expectPushes(socket: PlayerSocket, count: number) {
    await socket.roundTrip()
    expect(socket.groupChanges).toHaveLength(count)
  }

  it('tells the invited player, with the inviter named in the invitation, and nobody outside the group', async () => {
    const [admin, invitee, outsider] = await Promise.all([
      playerWithSocket(),
      playerWithSocket(),
      playerWithSocket(),
    ])
    const group = await createGroup(admin.player, { name: 'Trading Desk' })
    // the creator's other tabs list the new group
    await admin.socket.heard(group.id)
    const invited = await admin.player.client.post(`${groupsPath}/${group.id}/members/update`, {
      groupId: group.id,
      addMemberIds: [invitee.player.user.id],
    })
    expect(invited.status).toBe(200)
    await invitee.socket.heard(group.id)
    expect(invitee.socket.groupChanges).toEqual([{ groupId: group.id }])
    await expectPushes(outsider.socket, 0)

    const lists = await groupListsOf(invitee.player)
    expect(lists.invitations).toEqual([
      expect.objectContaining({ id: group.id, memberStatus: 'invited', invitedBy: admin.player.username }),
    ])
    // only an invitation names its inviter
    expect((await groupListsOf(admin.player)).groups.find((g) => g.id === group.id)).not.toHaveProperty(
      'invitedBy',
    )
  })

  it('tells every member of a join, a rename, admin changes, a leave and the deletion', async () => {
    const [admin, member, outsider] = await Promise.all([
      playerWithSocket(),
      playerWithSocket(),
      playerWithSocket(),
    ])
    const group = await createGroup(admin.player, { name: 'Owls', publicGroup: true })
    await admin.socket.heard(group.id)

    const steps: [string, () => Promise<{ status: number }>, PlayerSocket[]][] = [
      [
        'join',
        () => member.player.client.post(`${groupsPath}/${group.id}/join`),
        [admin.socket, member.socket],
      ],
      [
        'rename',
        () =>
          admin.player.client.post(`${groupsPath}/${group.id}/save`, {
            group: { ...group, name: 'Night Owls' },
          }),
        [admin.socket, member.socket],
      ],
      [
        'admins',
        () =>
          admin.player.client.post(`${groupsPath}/${group.id}/members/set`, {
            groupId: group.id,
            members: [
              { userId: admin.player.user.id, isAdmin: true },
              { userId: member.player.user.id, isAdmin: true },
            ],
          }),
        [admin.socket, member.socket],
      ],
      [
        'leave',
        () => member.player.client.get(`${groupsPath}/${group.id}/leave`),
        [admin.socket, member.socket],
      ],
      ['delete', () => admin.player.client.get(`${groupsPath}/${group.id}/delete`), [admin.socket]],
    ]
    let adminPushes = 1
    let memberPushes = 0
    for (const [step, change, told] of steps) {
      const answer = await change()
      expect(answer.status, step).toBeLessThan(300)
      if (told.includes(admin.socket)) adminPushes += 1
      if (told.includes(member.socket)) memberPushes += 1
      await Promise.all(
        [admin, member].map(async ({ socket }, i) => {
          const expected = i === 0 ? adminPushes : memberPushes
          const deadline = Date.now() + 5000
          while (socket.groupChanges.length < expected && Date.now() < deadline) await socket.roundTrip()
          await expectPushes(socket, expected)
        }),
      )
    }
    expect(new Set(member.socket.groupChanges.map((c) => c.groupId))).toEqual(new Set([group.id]))
    await expectPushes(outsider.socket, 0)
  })

  it('tells a removed member, and pushes nothing for a refused change', async () => {
    const [admin, member] = await Promise.all([playerWithSocket(), playerWithSocket()])
    const group = await createGroup(admin.player, { name: 'Bears' })
    await admin.player.client.post(`${groupsPath}/${group.id}/members/update`, {
      groupId: group.id,
      addMemberIds: [member.player.user.id],
    })
    await member.socket.heard(group.id)
    const before = member.socket.groupChanges.length

    // a member who is no admin may neither delete nor rename: 403, and nobody hears of it
    const refused = await member.player.client.get(`${groupsPath}/${group.id}/delete`)
    expect(refused.status).toBe(403)
    const badName = await admin.player.client.post(`${groupsPath}/${group.id}/save`, {
      group: { ...group, name: '' },
    })
    expect(badName.status).toBe(400)
    await expectPushes(member.socket, before)

    const removed = await admin.player.client.post(`${groupsPath}/${group.id}/members/set`, {
      groupId: group.id,
      members: [{ userId: admin.player.user.id, isAdmin: true }],
    })
    expect(removed.status).toBe(200)
    const deadline = Date.now() + 5000
    while (member.socket.groupChanges.length === before && Date.now() < deadline)
      await member.socket.roundTrip()
    expect(member.socket.groupChanges.slice(before)).toEqual([{ groupId: group.id }])
    expect((await groupListsOf(member.player)).invitations).toEqual([])
  })

  it('tells the members of every group a deleted account was in', async () => {
    const [admin, leaver] = await Promise.all([playerWithSocket(), playerWithSocket()])
    const group = await createGroup(admin.player, { name: 'Gone soon', publicGroup: true })
    const joined = await leaver.player.client.post(`${groupsPath}/${group.id}/join`)
    expect(joined.status).toBe(200)
    const before = admin.socket.groupChanges.length
    const deleted = await leaver.player.client.delete('/v1/users/me', { password: leaver.player.password })
    expect(deleted.status).toBe(204)
    const deadline = Date.now() + 5000
    while (admin.socket.groupChanges.length === before && Date.now() < deadline)
      await admin.socket.roundTrip()
    expect(admin.socket.groupChanges.slice(before)).toEqual([{ groupId: group.id }])
    expect((await groupListsOf(admin.player)).groups.find((g) => g.id === group.id)?.memberCount).toBe(1)
  })

  it("tells the group's members when a friend signs up through a group link", async () => {
    const admin = await playerWithSocket()
    const group = await createGroup(admin.player, { name: 'Friends' })
    await admin.socket.heard(group.id)
    const link = await admin.player.client.post<PlayerInvitation>('/v1/invitations', { groupId: group.id })
    expect(link.status).toBe(201)
    const username = uniqueName('friend')
    const joined = await new HttpClient(server.url).post<AuthUser>('/v1/auth/signup', {
      invitationCode: link.body.code,
      email: `${username}@example.test`,
      username,
      password: 'correct horse battery staple',
      acceptTerms: true,
    })
    expect(joined.status).toBe(201)
    const deadline = Date.now() + 5000
    while (admin.socket.groupChanges.length < 2 && Date.now() < deadline) await admin.socket.roundTrip()
    expect(admin.socket.groupChanges).toEqual([{ groupId: group.id }, { groupId: group.id }])
    expect((await groupListsOf(admin.player)).groups.find((g) => g.id === group.id)?.memberCount).toBe(2)
  })
})
