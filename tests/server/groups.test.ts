import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultGroupId, extraPrizeTexts, type Group, groupTexts } from '../../src/api/groups'
import type { AuthUser } from '../../src/api/users'
import { askNewsByMail, confirmEmailOf, type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import {
  addActiveMembers,
  createGroup,
  groupListsOf,
  groupRow,
  groupsPath,
  memberRows,
  membersOf,
} from '../support/groups'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

const needsAdmin = {
  error: {
    code: 'validation_failed',
    message: groupTexts.needsAdmin,
    fields: { members: groupTexts.needsAdmin },
  },
}

describe.each(dialects)('groups on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  let carol: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    bob = await signUpPlayer(server)
    carol = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const activeGroupOf = async (player: SignedUp) =>
    (await player.client.get<AuthUser>('/v1/auth/info')).body.activeGroupId
  const groupCount = async () =>
    Number(
      (
        await server.ctx.db
          .selectFrom('userGroups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  describe('group 1000', () => {
    it('holds every new player as an active member that is no admin; new groups are numbered above it', async () => {
      const dave = await signUpPlayer(server)
      const lists = await groupListsOf(dave)
      expect(lists.groups).toHaveLength(1)
      expect(lists.groups[0]).toMatchObject({
        id: defaultGroupId,
        name: 'Alpha',
        type: 'userGroup',
        publicGroup: true,
        memberStatus: 'active',
        isAdmin: false,
      })
      expect(lists.publicGroups.map((g) => g.id)).not.toContain(defaultGroupId)
      const members = await membersOf(dave, defaultGroupId)
      expect(members.map((m) => m.userId)).toEqual(
        expect.arrayContaining([alice.user.id, bob.user.id, carol.user.id, dave.user.id]),
      )
      expect(members.every((m) => !m.isAdmin && m.status === 'active')).toBe(true)
      expect(lists.groups[0]?.memberCount).toBe(members.length)
      expect(dave.user.activeGroupId).toBe(defaultGroupId)
      const group = await createGroup(dave, { name: 'After the default' })
      expect(group.id).toBeGreaterThan(defaultGroupId)
    })

    it('cannot be left, deleted, saved, have members edited or get an avatar', async () => {
      const before = await memberRows(server, defaultGroupId)
      const row = await groupRow(server, defaultGroupId)
      const base = `${groupsPath}/${defaultGroupId}`
      const answers = [
        await alice.client.get(`${base}/leave`),
        await alice.client.post(`${base}/leave`),
        await alice.client.get(`${base}/delete`),
        await alice.client.post(`${base}/delete`),
        await alice.client.post(`${base}/save`, { group: { name: 'Mine now', publicGroup: false } }),
        await alice.client.post(`${base}/members/set`, {
          groupId: defaultGroupId,
          members: [{ userId: alice.user.id, isAdmin: true }],
        }),
        await alice.client.post(`${base}/members/update`, {
          groupId: defaultGroupId,
          addMemberIds: [bob.user.id],
        }),
      ]
      for (const answer of answers) {
        expect(answer.status).toBe(403)
        expect(answer.body).toEqual({
          error: {
            code: 'default_group_locked',
            message: 'Every player plays in the group Alpha: it cannot be left, deleted or edited.',
          },
        })
      }
      expect(await memberRows(server, defaultGroupId)).toEqual(before)
      expect(await groupRow(server, defaultGroupId)).toEqual(row)
    })
  })

  describe('POST /v1/stockgame/groups', () => {
    it("refuses a missing or blank name with the spec's text and creates nothing", async () => {
      const before = await groupCount()
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }, { name: 42 }]) {
        const answer = await alice.client.post(groupsPath, body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.body).toEqual({
          error: { code: 'validation_failed', message: groupTexts.name, fields: { name: groupTexts.name } },
        })
      }
      expect((await alice.client.post(groupsPath, { name: 'x'.repeat(65) })).status).toBe(400)
      expect(await groupCount()).toBe(before)
    })

    it('refuses event fields on a plain group, an event without a future end, unknown titles and guests', async () => {
      const before = await groupCount()
      const now = server.clock.now()
      const cases: [Record<string, unknown>, string][] = [
        [{ endTime: now + 3600_000 }, 'endTime'],
        [{ titleRestrictions: [2494] }, 'titleRestrictions'],
        [{ extraPrize: 5 }, 'extraPrize'],
        [{ type: 'event' }, 'endTime'],
        [{ type: 'event', endTime: now - 1000 }, 'endTime'],
        [{ type: 'event', endTime: now + 3600_000, titleRestrictions: [1] }, 'titleRestrictions'],
        [{ type: 'event', endTime: now + 3600_000, titleRestrictions: [2494, 2494] }, 'titleRestrictions'],
        [{ type: 'event', endTime: now + 3600_000, extraPrize: 0.001 }, 'extraPrize'],
        [{ type: 'event', endTime: now + 3600_000, extraPrize: 1e-9 }, 'extraPrize'],
        [{ type: 'event', endTime: now + 3600_000, extraPrize: -1 }, 'extraPrize'],
        [{ type: 'event', endTime: now + 3600_000, extraPrize: 1e21 }, 'extraPrize'],
        [{ type: 'poll' }, 'type'],
      ]
      for (const [extra, field] of cases) {
        const answer = await alice.client.post<{ error: { fields?: Record<string, string> } }>(groupsPath, {
          name: 'Event',
          ...extra,
        })
        expect(answer.status, JSON.stringify(extra)).toBe(400)
        expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(extra)).toEqual([field])
      }
      const tiny = { name: 'Event', type: 'event', endTime: now + 3600_000, extraPrize: 1e-9 }
      expect((await alice.client.post(groupsPath, tiny)).body).toEqual({
        error: {
          code: 'validation_failed',
          message: extraPrizeTexts.notPositive,
          fields: { extraPrize: extraPrizeTexts.notPositive },
        },
      })
      const guest = await new HttpClient(server.url).post(groupsPath, { name: 'Guests' })
      expect(guest.status).toBe(401)
      expect(await groupCount()).toBe(before)
    })

    it('makes the creator its one admin and shows it in their groups; a retry with the same key creates one', async () => {
      const key = { headers: { 'idempotency-key': `create-${Date.now()}` } }
      const first = await alice.client.post<Group>(groupsPath, { name: '  Bulls  ' }, key)
      const retry = await alice.client.post<Group>(groupsPath, { name: '  Bulls  ' }, key)
      expect(first.status).toBe(201)
      expect(retry.status).toBe(201)
      expect(retry.body).toEqual(first.body)
      expect(first.body).toMatchObject({
        name: 'Bulls',
        type: 'userGroup',
        publicGroup: false,
        avatarUrl: null,
        memberCount: 1,
        createdBy: alice.user.id,
        endTime: null,
        titleRestrictions: [],
        extraPrize: 0,
        memberStatus: 'active',
        isAdmin: true,
      })
      expect(await memberRows(server, first.body.id)).toEqual([
        { userId: alice.user.id, isAdmin: 1, status: 'active' },
      ])
      const lists = await groupListsOf(alice)
      expect(lists.groups[0]?.id).toBe(defaultGroupId)
      expect(lists.groups.map((g) => g.id)).toContain(first.body.id)
      expect((await alice.client.get<Group>(`${groupsPath}/${first.body.id}`)).body).toEqual(first.body)
    })
  })

  describe('visibility', () => {
    let privateGroup: Group
    let publicGroup: Group
    beforeAll(async () => {
      privateGroup = await createGroup(alice, { name: 'Secret club' })
      publicGroup = await createGroup(alice, { name: 'Open house', publicGroup: true })
    })

    it('lists public groups to players not in them, never private ones', async () => {
      const bobs = await groupListsOf(bob)
      const ids = bobs.publicGroups.map((g) => g.id)
      expect(ids).toContain(publicGroup.id)
      expect(ids).not.toContain(privateGroup.id)
      expect(bobs.groups.map((g) => g.id)).toEqual([defaultGroupId])
      expect(bobs.publicGroups.find((g) => g.id === publicGroup.id)).toMatchObject({
        memberStatus: null,
        isAdmin: false,
        memberCount: 1,
      })
      expect((await groupListsOf(alice)).publicGroups.map((g) => g.id)).not.toContain(publicGroup.id)
    })

    it('shows members of a private group to its members only, of a public group to every player', async () => {
      const members = await membersOf(alice, privateGroup.id)
      expect(members).toEqual([
        {
          userId: alice.user.id,
          username: alice.username,
          isAdmin: true,
          status: 'active',
          joinedAt: expect.any(Number),
        },
      ])
      for (const path of [`${groupsPath}/${privateGroup.id}/members`, `${groupsPath}/${privateGroup.id}`]) {
        const refused = await bob.client.get(path)
        expect(refused.status).toBe(403)
        expect(refused.body).toEqual({
          error: { code: 'not_group_member', message: 'You are not a member of this group.' },
        })
      }
      expect((await membersOf(bob, publicGroup.id)).map((m) => m.userId)).toEqual([alice.user.id])
      expect((await new HttpClient(server.url).get(`${groupsPath}/${publicGroup.id}/members`)).status).toBe(
        401,
      )
      expect((await bob.client.get(`${groupsPath}/999999/members`)).status).toBe(404)
      expect((await bob.client.get(`${groupsPath}/abc/members`)).status).toBe(400)
    })

    it('lets anybody join a public group, but a private one only by invitation', async () => {
      const refused = await bob.client.post(`${groupsPath}/${privateGroup.id}/join`)
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ error: { code: 'group_private' } })
      expect(await memberRows(server, privateGroup.id)).toHaveLength(1)

      const joined = await bob.client.post<Group>(`${groupsPath}/${publicGroup.id}/join`)
      expect(joined.status).toBe(200)
      expect(joined.body).toMatchObject({ memberStatus: 'active', isAdmin: false, memberCount: 2 })
      const again = await bob.client.post<Group>(`${groupsPath}/${publicGroup.id}/join`)
      expect(again.body.memberCount).toBe(2)
      const bobs = await groupListsOf(bob)
      expect(bobs.groups.map((g) => g.id)).toContain(publicGroup.id)
      expect(bobs.publicGroups.map((g) => g.id)).not.toContain(publicGroup.id)

      const left = await bob.client.get(`${groupsPath}/${publicGroup.id}/leave`)
      expect(left.status).toBe(204)
      // Leaving a public group puts it back in the player's public groups.
      expect((await groupListsOf(bob)).publicGroups.map((g) => g.id)).toContain(publicGroup.id)
    })
  })

  describe('members and admins', () => {
    let group: Group
    beforeAll(async () => {
      group = await createGroup(alice, { name: 'Desk' })
      await addActiveMembers(alice, group.id, [bob])
    })

    it('invites with members/update; the invited player accepts by joining or declines by leaving', async () => {
      const dave = await signUpPlayer(server)
      const eve = await signUpPlayer(server)
      const answer = await alice.client.post<Group>(`${groupsPath}/${group.id}/members/update`, {
        groupId: group.id,
        addMemberIds: [dave.user.id, eve.user.id, bob.user.id],
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ id: group.id, memberCount: 2, isAdmin: true })
      const daves = await groupListsOf(dave)
      expect(daves.invitations.map((g) => g.id)).toEqual([group.id])
      expect(daves.groups.map((g) => g.id)).toEqual([defaultGroupId])
      expect((await membersOf(dave, group.id)).find((m) => m.userId === dave.user.id)?.status).toBe('invited')
      // An invitation is no membership yet: it cannot be the active group.
      expect((await dave.client.patch('/v1/session', { activeGroupId: group.id })).status).toBe(403)

      const joined = await dave.client.post<Group>(`${groupsPath}/${group.id}/join`)
      expect(joined.body).toMatchObject({ memberStatus: 'active', memberCount: 3 })
      expect((await eve.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(204)
      expect((await groupListsOf(eve)).invitations).toEqual([])
      expect((await memberRows(server, group.id)).map((m) => [m.userId, m.status])).toEqual([
        [alice.user.id, 'active'],
        [bob.user.id, 'active'],
        [dave.user.id, 'active'],
      ])
      // Back to two members for the tests below.
      expect((await dave.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(204)
    })

    it('tells each player it newly invites who invited them where (an important message), nobody else', async () => {
      const [frank, gina] = [await signUpPlayer(server), await signUpPlayer(server)]
      for (const player of [frank, gina, bob]) {
        await confirmEmailOf(server, player)
        await askNewsByMail(player)
      }
      const invitedBy = (player: SignedUp) =>
        server.mailer.sent.filter((mail) => mail.to === player.email && mail.subject.includes('invited you'))

      // members/update with a member already in (bob): only frank is invited
      const updated = await alice.client.post(`${groupsPath}/${group.id}/members/update`, {
        groupId: group.id,
        addMemberIds: [frank.user.id, bob.user.id],
      })
      expect(updated.status).toBe(200)
      const franks = await server.mailer.nextMail(frank.email)
      expect(franks.subject).toBe(`${alice.username} invited you to Desk`)
      expect(franks.text).toContain(`${alice.username} invited you to play in Desk.`)
      expect(franks.text).toContain('/groups')

      // members/set keeps alice and bob, and invites gina; frank is still invited, not again
      const set = await alice.client.post(`${groupsPath}/${group.id}/members/set`, {
        groupId: group.id,
        members: [
          { userId: alice.user.id, isAdmin: true },
          { userId: bob.user.id, isAdmin: false },
          { userId: frank.user.id, isAdmin: false },
          { userId: gina.user.id, isAdmin: false },
        ],
      })
      expect(set.status).toBe(200)
      expect((await server.mailer.nextMail(gina.email)).subject).toBe(`${alice.username} invited you to Desk`)
      expect(invitedBy(frank)).toHaveLength(1)
      expect(invitedBy(bob)).toEqual([])

      // Both decline: back to two members for the tests below.
      for (const player of [frank, gina])
        expect((await player.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(204)
    })

    it('tells a member made admin, a member removed and the members of a deleted group, not the admin', async () => {
      const [frank, gina, ivan] = [
        await signUpPlayer(server),
        await signUpPlayer(server),
        await signUpPlayer(server),
      ]
      for (const player of [alice, frank, gina, ivan]) {
        await confirmEmailOf(server, player)
        await askNewsByMail(player)
      }
      const kitchen = await createGroup(alice, { name: 'Kitchen' })
      await addActiveMembers(alice, kitchen.id, [frank, gina])
      const invitedIvan = await alice.client.post(`${groupsPath}/${kitchen.id}/members/update`, {
        groupId: kitchen.id,
        addMemberIds: [ivan.user.id],
      })
      expect(invitedIvan.status).toBe(200)
      for (const invited of [frank, gina, ivan])
        expect((await server.mailer.nextMail(invited.email)).subject).toContain('invited you to Kitchen')
      const mailsTo = (player: SignedUp) => server.mailer.sent.filter((mail) => mail.to === player.email)
      const before = new Map([alice, frank, gina, ivan].map((p) => [p, mailsTo(p).length]))
      const newMailsTo = (player: SignedUp) => mailsTo(player).slice(before.get(player))

      // frank becomes an admin, gina is taken off, ivan's invitation is withdrawn
      const set = await alice.client.post(`${groupsPath}/${kitchen.id}/members/set`, {
        groupId: kitchen.id,
        members: [
          { userId: alice.user.id, isAdmin: true },
          { userId: frank.user.id, isAdmin: true },
        ],
      })
      expect(set.status).toBe(200)
      const franks = await server.mailer.nextMail(frank.email)
      expect(franks.subject).toBe(`${alice.username} made you an admin of Kitchen`)
      expect(franks.text).toContain('/groups')
      const ginas = await server.mailer.nextMail(gina.email)
      expect(ginas.subject).toBe(`${alice.username} removed you from Kitchen`)
      expect(ginas.text).toContain('Your predictions, bets and TTC are not affected.')

      const deleted = await alice.client.get(`${groupsPath}/${kitchen.id}/delete`)
      expect(deleted.status).toBe(204)
      expect((await server.mailer.nextMail(frank.email)).subject).toBe(`${alice.username} deleted Kitchen`)
      // the sending is not awaited by the answers: let a stray mail arrive before counting
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(newMailsTo(frank)).toHaveLength(2)
      expect(newMailsTo(gina)).toHaveLength(1)
      expect(newMailsTo(ivan)).toEqual([])
      expect(newMailsTo(alice)).toEqual([])
    })

    it("refuses members/set without an admin with the spec's text and changes nothing", async () => {
      const before = await memberRows(server, group.id)
      const path = `${groupsPath}/${group.id}/members/set`
      for (const members of [
        [],
        [
          { userId: alice.user.id, isAdmin: false },
          { userId: bob.user.id, isAdmin: false },
        ],
      ]) {
        const answer = await alice.client.post(path, { groupId: group.id, members })
        expect(answer.status).toBe(400)
        expect(answer.body).toEqual(needsAdmin)
      }
      // The only admin listed is a player not in the group yet: nobody could run the group.
      const onlyNewAdmin = await alice.client.post(path, {
        groupId: group.id,
        members: [{ userId: carol.user.id, isAdmin: true }],
      })
      expect(onlyNewAdmin.status).toBe(400)
      expect(onlyNewAdmin.body).toMatchObject({
        error: { code: 'admin_required', message: groupTexts.needsAdmin },
      })
      expect(await memberRows(server, group.id)).toEqual(before)
    })

    it('refuses set, update, save and delete by a member who is not an admin, and changes nothing', async () => {
      const before = await memberRows(server, group.id)
      const row = await groupRow(server, group.id)
      const base = `${groupsPath}/${group.id}`
      const answers = [
        await bob.client.post(`${base}/members/set`, {
          groupId: group.id,
          members: [{ userId: bob.user.id, isAdmin: true }],
        }),
        await bob.client.post(`${base}/members/update`, { groupId: group.id, addMemberIds: [carol.user.id] }),
        await bob.client.post(`${base}/save`, { group: { name: 'Taken over', publicGroup: true } }),
        await bob.client.get(`${base}/delete`),
        await bob.client.post(`${base}/delete`),
        await carol.client.get(`${base}/delete`),
      ]
      for (const answer of answers) {
        expect(answer.status).toBe(403)
        expect(answer.body).toEqual({
          error: { code: 'not_group_admin', message: 'Only an admin of this group can do this.' },
        })
      }
      expect(await memberRows(server, group.id)).toEqual(before)
      expect(await groupRow(server, group.id)).toEqual(row)
    })

    it('refuses a body groupId other than the address and unknown players, changing nothing', async () => {
      const before = await memberRows(server, group.id)
      const base = `${groupsPath}/${group.id}`
      const mismatch = await alice.client.post(`${base}/members/set`, {
        groupId: group.id + 1,
        members: [{ userId: alice.user.id, isAdmin: true }],
      })
      expect(mismatch.status).toBe(400)
      expect(mismatch.body).toMatchObject({ error: { code: 'group_id_mismatch' } })
      const unknown = await alice.client.post(`${base}/members/set`, {
        groupId: group.id,
        members: [
          { userId: alice.user.id, isAdmin: true },
          { userId: 987654, isAdmin: false },
        ],
      })
      expect(unknown.status).toBe(400)
      expect(unknown.body).toMatchObject({ error: { code: 'unknown_players' } })
      const unknownAdd = await alice.client.post(`${base}/members/update`, {
        groupId: group.id,
        addMemberIds: [987654],
      })
      expect(unknownAdd.status).toBe(400)
      expect(await memberRows(server, group.id)).toEqual(before)
    })

    it('replaces the member list with members/set: admins change, new players are invited, others removed', async () => {
      const path = `${groupsPath}/${group.id}/members/set`
      await bob.client.patch('/v1/session', { activeGroupId: group.id })
      expect(await activeGroupOf(bob)).toBe(group.id)
      const answer = await alice.client.post(path, {
        groupId: group.id,
        // Fields the client holds besides userId and isAdmin come along and are ignored.
        members: [
          { userId: alice.user.id, isAdmin: true, username: alice.username, status: 'active' },
          { userId: carol.user.id, isAdmin: false },
        ],
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body).toEqual([
        expect.objectContaining({ userId: alice.user.id, isAdmin: true, status: 'active' }),
        expect.objectContaining({ userId: carol.user.id, isAdmin: false, status: 'invited' }),
      ])
      // Removed from the group: the session falls back to group 1000.
      expect(await activeGroupOf(bob)).toBe(defaultGroupId)
      expect((await bob.client.get(`${groupsPath}/${group.id}/members`)).status).toBe(403)

      await bob.client.post(`${groupsPath}/${group.id}/join`)
      await addActiveMembers(alice, group.id, [bob, carol])
      const promoted = await alice.client.post(path, {
        groupId: group.id,
        members: [
          { userId: alice.user.id, isAdmin: false },
          { userId: bob.user.id, isAdmin: true },
          { userId: carol.user.id, isAdmin: false },
        ],
      })
      expect(promoted.status).toBe(200)
      expect(await memberRows(server, group.id)).toEqual(
        [
          { userId: alice.user.id, isAdmin: 0, status: 'active' },
          { userId: bob.user.id, isAdmin: 1, status: 'active' },
          { userId: carol.user.id, isAdmin: 0, status: 'active' },
        ].sort((a, b) => a.userId - b.userId),
      )
      // Alice is no admin any more; Bob is.
      expect(
        (
          await alice.client.post(`${groupsPath}/${group.id}/save`, {
            group: { name: 'X', publicGroup: false },
          })
        ).status,
      ).toBe(403)
      const restored = await bob.client.post(path, {
        groupId: group.id,
        members: [
          { userId: alice.user.id, isAdmin: true },
          { userId: bob.user.id, isAdmin: false },
        ],
      })
      expect(restored.status).toBe(200)
    })

    it('saves name and visibility for admins and answers with the group', async () => {
      const answer = await alice.client.post<Group>(`${groupsPath}/${group.id}/save`, {
        group: { ...group, name: '  Night desk ', publicGroup: true, memberCount: 99, id: 1 },
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body).toMatchObject({
        id: group.id,
        name: 'Night desk',
        publicGroup: true,
        memberCount: 2,
      })
      const blank = await alice.client.post(`${groupsPath}/${group.id}/save`, {
        group: { name: ' ', publicGroup: true },
      })
      expect(blank.status).toBe(400)
      expect(blank.body).toMatchObject({ error: { message: groupTexts.name } })
      const endOnGroup = await alice.client.post(`${groupsPath}/${group.id}/save`, {
        group: { name: 'Desk', publicGroup: true, endTime: server.clock.now() + 3600_000 },
      })
      expect(endOnGroup.status).toBe(400)
      expect((await groupRow(server, group.id))?.name).toBe('Night desk')
    })
  })

  describe('leave and delete', () => {
    it('keeps the last admin in while other members remain, and lets them go after handing over', async () => {
      const group = await createGroup(alice, { name: 'Handover' })
      await addActiveMembers(alice, group.id, [bob])
      const refused = await alice.client.get(`${groupsPath}/${group.id}/leave`)
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({
        error: {
          code: 'last_admin',
          message: 'You are the last admin of this group. Make another member an admin before you leave.',
        },
      })
      expect(await memberRows(server, group.id)).toHaveLength(2)

      const handedOver = await alice.client.post(`${groupsPath}/${group.id}/members/set`, {
        groupId: group.id,
        members: [
          { userId: alice.user.id, isAdmin: true },
          { userId: bob.user.id, isAdmin: true },
        ],
      })
      expect(handedOver.status).toBe(200)
      await alice.client.patch('/v1/session', { activeGroupId: group.id })
      expect((await alice.client.post(`${groupsPath}/${group.id}/leave`)).status).toBe(204)
      expect(await memberRows(server, group.id)).toEqual([
        { userId: bob.user.id, isAdmin: 1, status: 'active' },
      ])
      expect(await activeGroupOf(alice)).toBe(defaultGroupId)
      expect((await alice.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(403)
    })

    it('lets only one of two last admins leaving at the same moment go', async () => {
      for (let round = 0; round < 5; round++) {
        const group = await createGroup(alice, { name: `Race ${round}` })
        await addActiveMembers(alice, group.id, [bob, carol])
        await alice.client.post(`${groupsPath}/${group.id}/members/set`, {
          groupId: group.id,
          members: [
            { userId: alice.user.id, isAdmin: true },
            { userId: bob.user.id, isAdmin: true },
            { userId: carol.user.id, isAdmin: false },
          ],
        })
        const answers = await Promise.all(
          [alice, bob].map((p) => p.client.get(`${groupsPath}/${group.id}/leave`)),
        )
        expect(answers.map((a) => a.status).sort()).toEqual([204, 409])
        const rows = await memberRows(server, group.id)
        expect(rows.filter((m) => m.isAdmin === 1)).toHaveLength(1)
        expect(rows).toHaveLength(2)
      }
    })

    it('deletes a group its last member leaves, pending invitations with it', async () => {
      const group = await createGroup(alice, { name: 'Solo' })
      await alice.client.post(`${groupsPath}/${group.id}/members/update`, {
        groupId: group.id,
        addMemberIds: [carol.user.id],
      })
      expect((await alice.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(204)
      expect(await groupRow(server, group.id)).toBeUndefined()
      expect(await memberRows(server, group.id)).toEqual([])
      expect((await groupListsOf(carol)).invitations.map((g) => g.id)).not.toContain(group.id)
    })

    it('deletes a group for its admin: members lose it and their sessions fall back to group 1000', async () => {
      const group = await createGroup(alice, { name: 'Doomed', publicGroup: true })
      await addActiveMembers(alice, group.id, [bob])
      await bob.client.patch('/v1/session', { activeGroupId: group.id })
      const answer = await alice.client.get(`${groupsPath}/${group.id}/delete`)
      expect(answer.status).toBe(204)
      expect(await groupRow(server, group.id)).toBeUndefined()
      expect(await activeGroupOf(bob)).toBe(defaultGroupId)
      const bobs = await groupListsOf(bob)
      expect([...bobs.groups, ...bobs.publicGroups].map((g) => g.id)).not.toContain(group.id)
      expect((await alice.client.get(`${groupsPath}/${group.id}/delete`)).status).toBe(404)
      expect((await alice.client.post(`${groupsPath}/${group.id}/leave`)).status).toBe(404)

      const viaPost = await createGroup(alice, { name: 'Doomed too' })
      expect((await alice.client.post(`${groupsPath}/${viaPost.id}/delete`)).status).toBe(204)
      expect(await groupRow(server, viaPost.id)).toBeUndefined()
    })

    it('answers a retry of leave or delete with the same Idempotency-Key with the first 204, not 403 or 404', async () => {
      const key = (name: string) => ({ headers: { 'idempotency-key': `${name}-${Date.now()}` } })
      const group = await createGroup(alice, { name: 'Retried' })
      await addActiveMembers(alice, group.id, [bob])
      const leaveKey = key('leave')
      for (let attempt = 0; attempt < 2; attempt++)
        expect((await bob.client.get(`${groupsPath}/${group.id}/leave`, leaveKey)).status).toBe(204)
      expect((await bob.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(403)
      expect(await memberRows(server, group.id)).toEqual([
        { userId: alice.user.id, isAdmin: 1, status: 'active' },
      ])

      const deleteKey = key('delete')
      for (let attempt = 0; attempt < 2; attempt++)
        expect(
          (await alice.client.post(`${groupsPath}/${group.id}/delete`, undefined, deleteKey)).status,
        ).toBe(204)
      expect((await alice.client.post(`${groupsPath}/${group.id}/delete`)).status).toBe(404)
      expect(await groupRow(server, group.id)).toBeUndefined()
      // the key of that delete deletes no other group
      const other = await createGroup(alice, { name: 'Kept' })
      const reused = await alice.client.post(`${groupsPath}/${other.id}/delete`, undefined, deleteKey)
      expect(reused.status).toBe(422)
      expect(reused.body).toMatchObject({ error: { code: 'idempotency_key_reused' } })
      expect(await groupRow(server, other.id)).toBeDefined()

      // the last member leaving deletes the group: the retry is not told it is gone
      const solo = await createGroup(carol, { name: 'Solo retry' })
      const soloKey = key('solo')
      for (let attempt = 0; attempt < 2; attempt++)
        expect((await carol.client.get(`${groupsPath}/${solo.id}/leave`, soloKey)).status).toBe(204)
      expect(await groupRow(server, solo.id)).toBeUndefined()
    })

    it('needs x-app-version and the same origin on the GET routes that write; HEAD does nothing', async () => {
      const group = await createGroup(alice, { name: 'Guarded' })
      await addActiveMembers(alice, group.id, [bob])
      const before = await memberRows(server, group.id)
      for (const path of [`${groupsPath}/${group.id}/leave`, `${groupsPath}/${group.id}/delete`]) {
        const bare = await alice.client.get(path, { bare: true })
        expect(bare.status).toBe(403)
        expect(bare.body).toMatchObject({ error: { code: 'app_version_required' } })
        const bobBare = await bob.client.get(path, { bare: true })
        expect(bobBare.status).toBe(403)
        const crossSite = await bob.client.get(path, { headers: { origin: 'https://evil.example' } })
        expect(crossSite.status).toBe(403)
        expect(crossSite.body).toMatchObject({ error: { code: 'cross_origin' } })
        const fetchSite = await bob.client.get(path, {
          bare: true,
          headers: { 'x-app-version': 'test', 'sec-fetch-site': 'cross-site' },
        })
        expect(fetchSite.status).toBe(403)
        const head = await bob.client.request('HEAD', path)
        expect(head.status).toBe(404)
      }
      expect(await memberRows(server, group.id)).toEqual(before)
      expect(await groupRow(server, group.id)).toBeDefined()
    })
  })

  describe('PATCH /v1/session', () => {
    it('selects a group the player is an active member of, and no other', async () => {
      const group = await createGroup(carol, { name: 'Carols' })
      const privateOther = await createGroup(alice, { name: 'Not for Carol' })
      const answer = await carol.client.patch('/v1/session', { activeGroupId: group.id })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ activeGroupId: group.id })
      expect(await activeGroupOf(carol)).toBe(group.id)

      for (const activeGroupId of [privateOther.id, 999999]) {
        const refused = await carol.client.patch('/v1/session', { activeGroupId })
        expect(refused.status).toBe(403)
        expect(refused.body).toEqual({
          error: {
            code: 'group_not_selectable',
            message: 'You can only select a group you are a member of.',
          },
        })
      }
      for (const body of [{}, { activeGroupId: 'x' }, { activeGroupId: -1 }, { activeGroupId: 1000, x: 1 }]) {
        expect((await carol.client.patch('/v1/session', body)).status).toBe(400)
      }
      expect(await activeGroupOf(carol)).toBe(group.id)
      expect((await new HttpClient(server.url).patch('/v1/session', { activeGroupId: 1000 })).status).toBe(
        401,
      )

      // A new session (another device, a sign-in after a logout) starts in the group chosen last, the
      // refused choices aside; after that each session keeps its own.
      const signIn = (client = new HttpClient(server.url)) =>
        client.post<AuthUser>('/v1/auth/signin', { login: carol.username, password: carol.password })
      const secondDevice = new HttpClient(server.url)
      expect((await signIn(secondDevice)).body.activeGroupId).toBe(group.id)
      expect((await secondDevice.patch('/v1/session', { activeGroupId: defaultGroupId })).status).toBe(200)
      expect(await activeGroupOf(carol)).toBe(group.id)
      expect((await signIn()).body.activeGroupId).toBe(defaultGroupId)
      expect((await carol.client.patch('/v1/session', { activeGroupId: defaultGroupId })).status).toBe(200)
      expect(await activeGroupOf(carol)).toBe(defaultGroupId)
    })

    it('starts no new session in a group the player chose last but has left since', async () => {
      const group = await createGroup(alice, { name: 'Left behind', publicGroup: true })
      expect((await bob.client.post(`${groupsPath}/${group.id}/join`)).status).toBe(200)
      expect((await bob.client.patch('/v1/session', { activeGroupId: group.id })).status).toBe(200)
      const signIn = () =>
        new HttpClient(server.url).post<AuthUser>('/v1/auth/signin', {
          login: bob.username,
          password: bob.password,
        })
      expect((await signIn()).body.activeGroupId).toBe(group.id)
      expect((await bob.client.get(`${groupsPath}/${group.id}/leave`)).status).toBe(204)
      expect((await signIn()).body.activeGroupId).toBe(defaultGroupId)
    })
  })
})
