import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../src/api/market'
import type { Poll } from '../../src/api/polls'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { describeChanges, rowChanges } from '../support/db-rows'
import { addActiveMembers, createGroup, groupsPath } from '../support/groups'
import { type Answer, HttpClient } from '../support/http-client'
import { pollsOf, toNextPollStart } from '../support/polls'
import { RowWatch } from '../support/security'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * Issue 7 item 4, authorization: a signed-in player acting on what is not theirs is refused with 4xx and no
 * row of any table changes. Mallory is a plain member of Alice's group "Team" and no member of her private
 * group "Secret". Each refused request is the right request in every other respect: the last test makes the
 * same ones for Mallory's own resources and they succeed.
 */

/** A real 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

describe.each(dialects)('security: authorization on every route that acts on a resource on %s', (dialect) => {
  let server: TestServer
  let rows: RowWatch
  let alice: SignedUp
  let mallory: SignedUp
  let team: number
  let secret: number
  let poll: Poll
  let pair: { messageId: string; titleId: number }

  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    mallory = await signUpPlayer(server)
    team = (await createGroup(alice, { name: 'Team' })).id
    secret = (await createGroup(alice, { name: 'Secret' })).id
    await addActiveMembers(alice, team, [mallory])
    await toNextPollStart(server)
    const open = (await pollsOf(mallory)).find((p) => p.phase === 'open')
    if (!open) throw new Error('no open poll')
    poll = open
    await server.ctx.market.publishDueMessages()
    const messages = (await mallory.client.get<ServerMessage[]>('/v1/stockgame/untagged-messages')).body
    const message = messages.find((m) => m.titles.some((t) => server.ctx.market.latestTick(t.title_id)))
    const title = message?.titles.find((t) => server.ctx.market.latestTick(t.title_id))
    if (!message || !title) throw new Error('no message to tag')
    pair = { messageId: message.message_id, titleId: title.title_id }
    // after moving the clock: the first request of a session refreshes its lastSeenAt, not a refused one
    for (const player of [alice, mallory]) expect((await player.client.get('/v1/auth/info')).status).toBe(200)
    rows = await RowWatch.of(server, dialect)
  })
  afterAll(() => server.stop())

  const avatarFiles = () => {
    try {
      return readdirSync(join(server.dataDir, 'avatars'))
    } catch {
      return []
    }
  }

  /** Sends the PNG as a browser sends a File. */
  async function uploadAvatar(player: SignedUp, groupId: number): Promise<Answer> {
    const response = await fetch(`${server.url}${groupsPath}/${groupId}/avatar`, {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        'x-app-version': 'test',
        origin: server.url,
        cookie: [...player.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: png,
    })
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
  }

  const vote = (player: SignedUp, userId: number) =>
    player.client.post(`/v1/stockgame/polls/${poll.pollId}/vote`, {
      pollId: poll.pollId,
      userId,
      vote: 'up',
      ttcBet: 5,
    })
  const tag = (player: SignedUp, userId: number) =>
    player.client.post(`/v1/stockgame/tagged-messages/${pair.messageId}/tag`, {
      userId,
      messageId: pair.messageId,
      titleId: pair.titleId,
      trend: 'Up',
    })
  const saveBody = { group: { name: 'Taken over', publicGroup: true } }

  it("another player's settings: no reading, no writing, by id or username", async () => {
    for (const who of [alice.user.id, alice.username]) {
      await rows.expectRefused(
        `settings of ${who}`,
        async () => [
          await mallory.client.get(`/v1/users/${who}/settings`),
          await mallory.client.patch(`/v1/users/${who}/settings`, { isFirstTimeUser: false }),
        ],
        { status: 403, code: 'forbidden' },
      )
    }
  })

  it("the transactions of another player's wallet, of the Bank's and of an unknown address", async () => {
    const bank = await server.ctx.db
      .selectFrom('wallets')
      .select('address')
      .where('userId', 'is', null)
      .executeTakeFirst()
    const addresses = [alice.user.wallet.address, bank?.address ?? 'bank', 'no-such-wallet']
    await rows.expectRefused(
      'transactions of other wallets',
      () =>
        Promise.all(addresses.map((address) => mallory.client.get(`/v1/stockgame/transactions/${address}`))),
      { status: 403, code: 'forbidden' },
    )
  })

  it('group admin actions by a member who is no admin: save, members set and update, delete, avatar', async () => {
    const files = avatarFiles()
    await rows.expectRefused(
      'admin actions in Team',
      async () => [
        await mallory.client.post(`${groupsPath}/${team}/save`, saveBody),
        await mallory.client.post(`${groupsPath}/${team}/members/set`, {
          groupId: team,
          members: [{ userId: mallory.user.id, isAdmin: true }],
        }),
        await mallory.client.post(`${groupsPath}/${team}/members/set`, {
          groupId: team,
          members: [
            { userId: alice.user.id, isAdmin: false },
            { userId: mallory.user.id, isAdmin: true },
          ],
        }),
        await mallory.client.post(`${groupsPath}/${team}/members/update`, {
          groupId: team,
          addMemberIds: [alice.user.id],
        }),
        await mallory.client.post(`${groupsPath}/${team}/delete`),
        await mallory.client.get(`${groupsPath}/${team}/delete`),
        await uploadAvatar(mallory, team),
      ],
      { status: 403, code: 'not_group_admin' },
    )
    expect(avatarFiles()).toEqual(files)
  })

  it('the same, and reading, joining, leaving and selecting, in a private group the player is not in', async () => {
    await rows.expectRefused('admin actions in Secret', async () => [
      await mallory.client.post(`${groupsPath}/${secret}/save`, saveBody),
      await mallory.client.post(`${groupsPath}/${secret}/members/set`, {
        groupId: secret,
        members: [{ userId: mallory.user.id, isAdmin: true }],
      }),
      await mallory.client.post(`${groupsPath}/${secret}/members/update`, {
        groupId: secret,
        addMemberIds: [mallory.user.id],
      }),
      await mallory.client.post(`${groupsPath}/${secret}/delete`),
      await uploadAvatar(mallory, secret),
      await mallory.client.get(`${groupsPath}/${secret}`),
      await mallory.client.get(`${groupsPath}/${secret}/members`),
      await mallory.client.post(`${groupsPath}/${secret}/join`),
      await mallory.client.post(`${groupsPath}/${secret}/leave`),
      await mallory.client.patch('/v1/session', { activeGroupId: secret }),
    ])
  })

  it('nobody, not even an admin of another group, edits or deletes the public group 1000', async () => {
    await rows.expectRefused(
      'group 1000',
      async () => [
        await alice.client.post(`${groupsPath}/1000/save`, saveBody),
        await alice.client.post(`${groupsPath}/1000/members/update`, {
          groupId: 1000,
          addMemberIds: [mallory.user.id],
        }),
        await alice.client.post(`${groupsPath}/1000/delete`),
        await alice.client.post(`${groupsPath}/1000/leave`),
        await uploadAvatar(alice, 1000),
      ],
      { status: 403, code: 'default_group_locked' },
    )
  })

  it("a bet or a tag with someone else's userId in the body", async () => {
    await rows.expectRefused(
      'bet and tag for Alice',
      async () => [await vote(mallory, alice.user.id), await tag(mallory, alice.user.id)],
      {
        status: 403,
        code: 'forbidden',
      },
    )
  })

  it('deleting the account without the password, with a wrong one, or as a guest', async () => {
    await rows.expectRefused('account deletion', async () => [
      await mallory.client.delete('/v1/users/me', {}),
      await mallory.client.delete('/v1/users/me'),
    ])
    // a wrong password counts as a failed sign-in of the account (sign-in's throttle), and nothing else
    const before = await rows.take()
    const wrong = await mallory.client.delete('/v1/users/me', { password: 'not my password at all' })
    expect(wrong.status).toBe(403)
    const changes = describeChanges(rowChanges(before, await rows.take()))
    expect(changes).toEqual([expect.stringMatching(/^sign_in_failures added /)])
    await rows.expectRefused('account deletion by a guest', () =>
      new HttpClient(server.url).delete('/v1/users/me', { password: mallory.password }),
    )
    expect((await mallory.client.get('/v1/auth/info')).status).toBe(200)
  })

  it('control: the same requests on the own resources succeed, so the refusals above were for the owner', async () => {
    const ok = async (answer: Promise<Answer>) => {
      const { status, body } = await answer
      expect(status, JSON.stringify(body)).toBeLessThan(300)
    }
    await ok(mallory.client.get(`/v1/users/${mallory.user.id}/settings`))
    await ok(mallory.client.patch(`/v1/users/${mallory.username}/settings`, { isFirstTimeUser: false }))
    await ok(mallory.client.get(`/v1/stockgame/transactions/${mallory.user.wallet.address}`))
    await ok(vote(mallory, mallory.user.id))
    await ok(tag(mallory, mallory.user.id))
    const own = (await createGroup(mallory, { name: 'Own' })).id
    await ok(mallory.client.post(`${groupsPath}/${own}/save`, saveBody))
    await ok(
      mallory.client.post(`${groupsPath}/${own}/members/update`, {
        groupId: own,
        addMemberIds: [alice.user.id],
      }),
    )
    await ok(uploadAvatar(mallory, own))
    await ok(mallory.client.post(`${groupsPath}/${own}/delete`))
    await ok(alice.client.post(`${groupsPath}/${team}/save`, saveBody))
  })
})
