import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInvitationCodes, operatorCodeLifetimeMs } from '../../server/auth/invitations.repo'
import { defaultGroupId } from '../../src/api/groups'
import type { InvitationList, PlayerInvitation } from '../../src/api/invitations'
import { validationTexts as t } from '../../src/api/texts'
import type { AuthUser } from '../../src/api/users'
import { askNewsByMail, confirmEmailOf, type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { dialects } from '../support/databases'
import { tableCounts } from '../support/db-snapshot'
import { addActiveMembers, createGroup, memberRows } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

const dayMs = 24 * 3600_000
const path = '/v1/invitations'

describe.each(dialects)('players invite friends on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_INVITES_OPEN_PER_PLAYER: '5', ALPHA_INVITE_DAYS: '14' },
    })
  })
  afterAll(() => server.stop())

  it('makes any number of operator codes at once, each stored', async () => {
    const count = 5000
    const codes = await createInvitationCodes(server.ctx.db, {
      count,
      ownerId: null,
      now: server.clock.now(),
      lifetimeMs: operatorCodeLifetimeMs,
    })
    const stored = await server.ctx.db
      .selectFrom('invitationCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('code', 'in', codes.slice(0, 500))
      .executeTakeFirstOrThrow()
    expect(new Set(codes).size).toBe(count)
    expect(Number(stored.n)).toBe(500)
    const last = await server.ctx.db
      .selectFrom('invitationCodes')
      .select('code')
      .where('code', '=', codes[count - 1] ?? '')
      .executeTakeFirst()
    expect(last?.code).toBe(codes[count - 1])
  })

  async function invite(player: SignedUp, body: Record<string, unknown> = {}) {
    const answer = await player.client.post<PlayerInvitation>(path, body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body
  }

  async function listOf(player: SignedUp): Promise<InvitationList> {
    const answer = await player.client.get<InvitationList>(path)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body
  }

  /** Signs a friend up with the code of a link, as the sign-up form sends it; `client` keeps their session cookie. */
  function signUpWith(code: string, username = uniqueName('friend'), client = new HttpClient(server.url)) {
    return client.post<AuthUser & ErrorBody>('/v1/auth/signup', {
      invitationCode: code,
      email: `${username}@example.test`,
      username,
      password: 'correct horse battery staple',
      acceptTerms: true,
    })
  }

  /** A player whose three sign-up codes are withdrawn, so each test counts from zero open links. */
  async function freshInviter(): Promise<SignedUp> {
    const player = await signUpPlayer(server)
    for (const own of player.user.invitationCodes) {
      const withdrawn = await player.client.delete(`${path}/${own.code}`)
      expect(withdrawn.status).toBe(204)
    }
    return player
  }

  it('makes a single-use link that opens Sign up with the code; the inviter sees who joined and when', async () => {
    const inviter = await freshInviter()
    const created = await invite(inviter)
    expect(created).toMatchObject({
      state: 'open',
      group: null,
      usedBy: null,
      usedAt: null,
      withdrawnAt: null,
    })
    expect(created.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){5}$/)
    expect(created.url).toBe(`${server.url}/account/signin?invite=${created.code}`)
    expect(created.expiresAt - created.createdAt).toBe(14 * dayMs)

    const friendName = uniqueName('friend')
    const joined = await signUpWith(created.code, friendName)
    expect(joined.status, JSON.stringify(joined.body)).toBe(201)

    const [listed] = (await listOf(inviter)).invitations
    expect(listed).toMatchObject({
      code: created.code,
      state: 'used',
      usedBy: { id: joined.body.id, username: friendName },
      usedAt: expect.any(Number),
    })

    const again = await signUpWith(created.code)
    expect(again.status).toBe(400)
    expect(again.body.error).toMatchObject({ code: 'invitation_code_invalid', message: t.invitationCode })
  })

  it('lists only the caller’s own links, newest first, with the limits', async () => {
    const inviter = await freshInviter()
    const other = await freshInviter()
    const first = await invite(inviter)
    server.clock.advance(1000)
    const second = await invite(inviter)
    await invite(other)
    const list = await listOf(inviter)
    expect(list.limits).toEqual({ openPerPlayer: 5, lifetimeDays: 14 })
    const open = list.invitations.filter((i) => i.state === 'open').map((i) => i.code)
    expect(open).toEqual([second.code, first.code])
    expect(list.invitations.filter((i) => i.state === 'withdrawn')).toHaveLength(3)
  })

  it('refuses a sixth open link with 409 and a clear text, and takes one again once one is withdrawn', async () => {
    const inviter = await signUpPlayer(server)
    expect(inviter.user.invitationCodes).toHaveLength(3)
    await invite(inviter)
    const fifth = await invite(inviter)
    const before = await tableCounts(server)
    const sixth = await inviter.client.post<ErrorBody>(path, {})
    expect(sixth.status).toBe(409)
    expect(sixth.body.error).toEqual({
      code: 'invitation_limit_reached',
      message: 'You have 5 open invitation links already. Withdraw one or wait until one is used or expires.',
    })
    expect(await tableCounts(server)).toEqual(before)

    expect((await inviter.client.delete(`${path}/${fifth.code}`)).status).toBe(204)
    await invite(inviter)
  })

  it('lets parallel requests of one player pass the limit no further than it allows', async () => {
    const inviter = await freshInviter()
    const answers = await Promise.all(Array.from({ length: 8 }, () => inviter.client.post(path, {})))
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409])
  })

  it('answers a retry with the same Idempotency-Key with the first link instead of a second one', async () => {
    const inviter = await freshInviter()
    const headers = { 'idempotency-key': 'invite-once' }
    const first = await inviter.client.post<PlayerInvitation>(path, {}, { headers })
    const retry = await inviter.client.post<PlayerInvitation>(path, {}, { headers })
    expect([first.status, retry.status]).toEqual([201, 201])
    expect(retry.body).toEqual(first.body)
    expect((await listOf(inviter)).invitations.filter((i) => i.state === 'open')).toHaveLength(1)
  })

  it('counts a link as open until it expires; an expired one is refused at sign-up with the usual text', async () => {
    const inviter = await freshInviter()
    const links = [await invite(inviter), await invite(inviter)]
    server.clock.advance(14 * dayMs)
    const list = await listOf(inviter)
    expect(list.invitations.filter((i) => links.some((l) => l.code === i.code)).map((i) => i.state)).toEqual([
      'expired',
      'expired',
    ])
    const before = await tableCounts(server)
    const late = await signUpWith(links[0]?.code ?? '')
    expect(late.status).toBe(400)
    expect(late.body.error).toEqual({
      code: 'invitation_code_invalid',
      message: t.invitationCode,
      fields: { invitationCode: t.invitationCode },
    })
    expect(await tableCounts(server)).toEqual(before)
    // expired links no longer count against the limit
    for (let i = 0; i < 5; i++) await invite(inviter)
    const withdrawExpired = await inviter.client.delete<ErrorBody>(`${path}/${links[1]?.code}`)
    expect(withdrawExpired.status).toBe(409)
    expect(withdrawExpired.body.error.code).toBe('invitation_not_open')
  })

  it('withdraws an open link: nobody can sign up with it, and it cannot be withdrawn twice', async () => {
    const inviter = await freshInviter()
    const link = await invite(inviter)
    const withdrawn = await inviter.client.delete(`${path}/${link.code.toLowerCase()}`)
    expect(withdrawn.status).toBe(204)
    expect(withdrawn.body).toBe('')
    const [listed] = (await listOf(inviter)).invitations
    expect(listed).toMatchObject({ code: link.code, state: 'withdrawn', withdrawnAt: expect.any(Number) })
    expect((await signUpWith(link.code)).status).toBe(400)
    const twice = await inviter.client.delete<ErrorBody>(`${path}/${link.code}`)
    expect(twice.status).toBe(409)
    // the auth payload keeps listing only codes that can still be handed out
    const info = await inviter.client.get<AuthUser>('/v1/auth/info')
    expect(info.body.invitationCodes.map((c) => c.code)).not.toContain(link.code)
  })

  it('answers 404 for a used or unknown code of somebody else, and changes nothing', async () => {
    const owner = await freshInviter()
    const stranger = await freshInviter()
    const link = await invite(owner)
    const foreign = await stranger.client.delete<ErrorBody>(`${path}/${link.code}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('not_found')
    expect((await listOf(owner)).invitations[0]?.state).toBe('open')
    const malformed = await stranger.client.delete<ErrorBody>(`${path}/not-a-code`)
    expect(malformed.status).toBe(400)
    expect(malformed.body.error.code).toBe('validation_failed')
  })

  it('refuses a body with unknown fields or a bad group id', async () => {
    const inviter = await freshInviter()
    for (const body of [{ extra: 1 }, { groupId: 'seven' }, { groupId: -1 }, { groupId: 2 ** 31 }]) {
      const answer = await inviter.client.post<ErrorBody>(path, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error.code).toBe('validation_failed')
    }
    expect((await listOf(inviter)).invitations.filter((i) => i.state === 'open')).toHaveLength(0)
  })

  it('needs a signed-in player and the app’s headers on writes', async () => {
    const anonymous = new HttpClient(server.url)
    expect((await anonymous.get(path)).status).toBe(401)
    expect((await anonymous.post(path, {})).status).toBe(401)
    const inviter = await freshInviter()
    const bare = await inviter.client.post<ErrorBody>(path, {}, { bare: true })
    expect(bare.status).toBe(403)
    expect(bare.body.error.code).toBe('app_version_required')
    const crossSite = await inviter.client.post<ErrorBody>(
      path,
      {},
      { headers: { origin: 'https://evil.example' } },
    )
    expect(crossSite.status).toBe(403)
    expect((await listOf(inviter)).invitations.filter((i) => i.state === 'open')).toHaveLength(0)
  })

  it('tells an inviter who asked for important messages by e-mail who joined, and in which group', async () => {
    const inviter = await freshInviter()
    await confirmEmailOf(server, inviter)
    await askNewsByMail(inviter)
    const plainFriend = uniqueName('friend')
    expect((await signUpWith((await invite(inviter)).code, plainFriend)).status).toBe(201)
    const plain = await server.mailer.nextMail(inviter.email)
    expect(plain.subject).toBe(`${plainFriend} joined Alpha with your invitation`)
    expect(plain.text).toContain(`${plainFriend} signed up with your invitation.`)

    // one who did not ask (the default), and one who asked but never confirmed the address, get none
    const quiet = await freshInviter()
    await confirmEmailOf(server, quiet)
    const unconfirmed = await freshInviter()
    await askNewsByMail(unconfirmed)
    for (const other of [quiet, unconfirmed])
      expect((await signUpWith((await invite(other)).code)).status).toBe(201)

    const group = await createGroup(inviter, { name: 'Night Owls', publicGroup: false })
    const groupFriend = uniqueName('friend')
    expect((await signUpWith((await invite(inviter, { groupId: group.id })).code, groupFriend)).status).toBe(
      201,
    )
    expect((await server.mailer.nextMail(inviter.email)).text).toContain(
      `${groupFriend} signed up with your invitation and plays in Night Owls with you.`,
    )
    const joinedMails = (player: SignedUp) =>
      server.mailer.sent.filter((mail) => mail.to === player.email && mail.subject.includes('joined Alpha'))
    expect([...joinedMails(quiet), ...joinedMails(unconfirmed)]).toEqual([])
  })

  describe('into a group', () => {
    it('makes the friend an active member of the group on sign-up, in the same transaction', async () => {
      const admin = await freshInviter()
      const group = await createGroup(admin, { name: 'Friends', publicGroup: false })
      const link = await invite(admin, { groupId: group.id })
      expect(link.group).toEqual({ id: group.id, name: 'Friends' })
      const joined = await signUpWith(link.code)
      expect(joined.status, JSON.stringify(joined.body)).toBe(201)
      expect(await memberRows(server, group.id)).toEqual([
        { userId: admin.user.id, isAdmin: 1, status: 'active' },
        { userId: joined.body.id, isAdmin: 0, status: 'active' },
      ])
    })

    it("starts the friend playing in the group: their session's active group is it, a plain link's Alpha", async () => {
      const admin = await freshInviter()
      const group = await createGroup(admin, { name: 'Play here', publicGroup: false })
      const groupLink = await invite(admin, { groupId: group.id })
      const plainLink = await invite(admin)
      const friend = new HttpClient(server.url)
      const joined = await signUpWith(groupLink.code, uniqueName('invited'), friend)
      expect(joined.status).toBe(201)
      expect(joined.body.activeGroupId).toBe(group.id)
      expect((await friend.get<AuthUser>('/v1/auth/info')).body.activeGroupId).toBe(group.id)
      const plain = await signUpWith(plainLink.code)
      expect(plain.status).toBe(201)
      expect(plain.body.activeGroupId).toBe(defaultGroupId)
    })

    it('a failed sign-up with a group link leaves the group and the link as they were', async () => {
      const admin = await freshInviter()
      const group = await createGroup(admin, { name: 'Careful' })
      const link = await invite(admin, { groupId: group.id })
      const taken = await signUpWith(link.code, admin.username)
      expect(taken.status).toBe(409)
      expect(await memberRows(server, group.id)).toHaveLength(1)
      expect((await listOf(admin)).invitations[0]?.state).toBe('open')
    })

    it('lets any active member invite into a public group, only admins into a private one', async () => {
      const admin = await freshInviter()
      const member = await freshInviter()
      const publicGroup = await createGroup(admin, { name: 'Open house', publicGroup: true })
      const privateGroup = await createGroup(admin, { name: 'Inner circle', publicGroup: false })
      await addActiveMembers(admin, publicGroup.id, [member])
      await addActiveMembers(admin, privateGroup.id, [member])
      await invite(member, { groupId: publicGroup.id })
      const refused = await member.client.post<ErrorBody>(path, { groupId: privateGroup.id })
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('group_invitation_forbidden')
    })

    it('refuses outsiders, unknown groups, the group everybody is in and ended events', async () => {
      const admin = await freshInviter()
      const outsider = await freshInviter()
      const publicGroup = await createGroup(admin, { name: 'Public', publicGroup: true })
      const privateGroup = await createGroup(admin, { name: 'Private', publicGroup: false })
      const event = await createGroup(admin, {
        name: 'Sprint',
        type: 'event',
        endTime: server.clock.now() + dayMs,
      })
      const cases: [SignedUp, number, number, string][] = [
        [outsider, publicGroup.id, 403, 'not_group_member'],
        [outsider, privateGroup.id, 404, 'not_found'],
        [outsider, 999_999, 404, 'not_found'],
        [admin, 1000, 400, 'validation_failed'],
      ]
      for (const [player, groupId, status, code] of cases) {
        const answer = await player.client.post<ErrorBody>(path, { groupId })
        expect(answer.status, `${groupId}`).toBe(status)
        expect(answer.body.error.code).toBe(code)
      }
      const early = await invite(admin, { groupId: event.id })
      server.clock.advance(dayMs)
      const ended = await admin.client.post<ErrorBody>(path, { groupId: event.id })
      expect(ended.status).toBe(409)
      expect(ended.body.error.code).toBe('event_ended')
      // a link made before the event ended still lets the friend in, into the game but not the event
      const joined = await signUpWith(early.code)
      expect(joined.status).toBe(201)
      expect((await memberRows(server, event.id)).map((row) => row.userId)).toEqual([admin.user.id])
    })
  })
})
