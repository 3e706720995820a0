import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inTransaction } from '../../server/db/transaction'
import { eventsWithPrizeDue, prizeWalletOf, settleEventPrize } from '../../server/game/group-prizes'
import type { Group } from '../../src/api/groups'
import type { AuthUser } from '../../src/api/users'
import { askNewsByMail, confirmEmailOf, type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { walletTotal } from '../support/db-snapshot'
import { addActiveMembers, createGroup, groupRow, groupsPath, memberRows } from '../support/groups'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3600_000

describe.each(dialects)('events and their extra prize on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    bob = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const balanceOf = async (player: SignedUp) =>
    (await player.client.get<AuthUser>('/v1/auth/info')).body.wallet.balance
  const walletBalance = async (address: string) =>
    (
      await server.ctx.db
        .selectFrom('wallets')
        .select('balance')
        .where('address', '=', address)
        .executeTakeFirst()
    )?.balance
  const ledgerOf = (address: string) =>
    server.ctx.db
      .selectFrom('ledger')
      .select(['type', 'amount', 'reference'])
      .where('walletAddress', '=', address)
      .orderBy('id')
      .execute()
  const settle = (groupId: number, winner: number | null) =>
    inTransaction(server.ctx.db, (tx) => settleEventPrize(tx, groupId, winner, server.clock.now()))
  const event = (extra: Record<string, unknown> = {}) => ({
    name: 'Earnings week',
    type: 'event' as const,
    endTime: server.clock.now() + 2 * hour,
    ...extra,
  })

  it('funds the extra prize from the creator: money moves, none is made', async () => {
    const total = await walletTotal(server)
    const before = await balanceOf(alice)
    const group = await createGroup(alice, event({ extraPrize: 12.5, titleRestrictions: [2494, 2517] }))
    expect(group).toMatchObject({
      type: 'event',
      extraPrize: 12.5,
      titleRestrictions: [2494, 2517],
      prizePaidAt: null,
    })
    expect(await balanceOf(alice)).toBeCloseTo(before - 12.5, 2)
    expect(await walletBalance(prizeWalletOf(group.id))).toBe(1250)
    expect(await walletTotal(server)).toBe(total)
    expect(await ledgerOf(alice.user.wallet.address)).toContainEqual({
      type: 'payment',
      amount: -1250,
      reference: `group-prize:${group.id}`,
    })
  })

  it('refuses a prize larger than the balance and creates nothing', async () => {
    const balance = await balanceOf(bob)
    const count = async () => (await server.ctx.db.selectFrom('userGroups').select('id').execute()).length
    const before = await count()
    const answer = await bob.client.post(groupsPath, event({ extraPrize: balance + 1 }))
    expect(answer.status).toBe(400)
    const message = `You don't have so much money... (Max ${balance.toFixed(2)})`
    expect(answer.body).toEqual({
      error: { code: 'insufficient_balance', message, fields: { extraPrize: message } },
    })
    expect(await count()).toBe(before)
    expect(await balanceOf(bob)).toBe(balance)
  })

  it('pays the prize once, after the end, as a reward to the winner', async () => {
    const total = await walletTotal(server)
    const group = await createGroup(alice, event({ extraPrize: 10 }))
    await addActiveMembers(alice, group.id, [bob])
    const bobBefore = await balanceOf(bob)
    expect(await settle(group.id, bob.user.id)).toBeNull()
    expect((await eventsWithPrizeDue(server.ctx.db, server.clock.now())).map((g) => g.id)).not.toContain(
      group.id,
    )

    server.clock.advance(2 * hour + 1)
    expect((await eventsWithPrizeDue(server.ctx.db, server.clock.now())).map((g) => g.id)).toContain(group.id)
    const settledAfter = server.clock.now()
    expect(await settle(group.id, bob.user.id)).toEqual({
      groupName: 'Earnings week',
      amount: 1000,
      to: 'winner',
      userId: bob.user.id,
    })
    expect(await settle(group.id, bob.user.id)).toBeNull()
    expect(await balanceOf(bob)).toBeCloseTo(bobBefore + 10, 2)
    expect(await walletBalance(prizeWalletOf(group.id))).toBe(0)
    expect(await ledgerOf(bob.user.wallet.address)).toContainEqual({
      type: 'reward',
      amount: 1000,
      reference: `group-prize:${group.id}`,
    })
    expect(await walletTotal(server)).toBe(total)
    expect((await groupRow(server, group.id))?.prizePaidAt).toBeGreaterThanOrEqual(settledAfter)
    expect((await eventsWithPrizeDue(server.ctx.db, server.clock.now())).map((g) => g.id)).not.toContain(
      group.id,
    )
  })

  it('gives the prize back to the creator without a winner, and when the event is deleted unpaid', async () => {
    const total = await walletTotal(server)
    const before = await balanceOf(alice)
    const unwon = await createGroup(alice, event({ extraPrize: 3 }))
    const deleted = await createGroup(alice, event({ extraPrize: 4 }))
    expect(await balanceOf(alice)).toBeCloseTo(before - 7, 2)
    expect((await alice.client.get(`${groupsPath}/${deleted.id}/delete`)).status).toBe(204)
    server.clock.advance(2 * hour + 1)
    expect(await settle(unwon.id, null)).toMatchObject({ amount: 300, to: 'creator', userId: alice.user.id })
    expect(await balanceOf(alice)).toBeCloseTo(before, 2)
    expect(await walletTotal(server)).toBe(total)
  })

  it('freezes end time and title restrictions once the event has ended, and takes no new members', async () => {
    const group = await createGroup(alice, event({ publicGroup: true }))
    const later = server.clock.now() + 5 * hour
    const saved = await alice.client.post<Group>(`${groupsPath}/${group.id}/save`, {
      group: { name: group.name, publicGroup: true, endTime: later, titleRestrictions: [2494] },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({ endTime: later, titleRestrictions: [2494] })
    const past = await alice.client.post(`${groupsPath}/${group.id}/save`, {
      group: { name: group.name, publicGroup: true, endTime: server.clock.now() - 1 },
    })
    expect(past.status).toBe(400)
    const noEnd = await alice.client.post(`${groupsPath}/${group.id}/save`, {
      group: { name: group.name, publicGroup: true, endTime: null },
    })
    expect(noEnd.status).toBe(400)

    server.clock.advance(5 * hour + 1)
    const frozen = await alice.client.post(`${groupsPath}/${group.id}/save`, {
      group: { name: group.name, publicGroup: true, endTime: server.clock.now() + hour },
    })
    expect(frozen.status).toBe(409)
    expect(frozen.body).toMatchObject({ error: { code: 'event_ended' } })
    const renamed = await alice.client.post<Group>(`${groupsPath}/${group.id}/save`, {
      group: { ...saved.body, name: 'Earnings week (done)' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.endTime).toBe(later)
    const join = await bob.client.post(`${groupsPath}/${group.id}/join`)
    expect(join.status).toBe(409)
    expect(await memberRows(server, group.id)).toHaveLength(1)
  })

  describe('account deletion', () => {
    it('hands a group to its longest-standing member, who hears of it, and deletes groups nobody else plays in', async () => {
      const total = await walletTotal(server)
      const leaving = await signUpPlayer(server)
      const carol = await signUpPlayer(server)
      const shared = await createGroup(leaving, { name: 'Shared' })
      await addActiveMembers(leaving, shared.id, [bob])
      await addActiveMembers(leaving, shared.id, [carol])
      const alone = await createGroup(leaving, event({ extraPrize: 20 }))
      await leaving.client.post(`${groupsPath}/${alone.id}/members/update`, {
        groupId: alone.id,
        addMemberIds: [bob.user.id],
      })

      // asked after the invitations above: the mails below are the deletion's
      for (const member of [bob, carol]) {
        await confirmEmailOf(server, member)
        await askNewsByMail(member)
      }
      const answer = await leaving.client.delete('/v1/users/me', { password: leaving.password })
      expect(answer.status).toBe(204)
      expect(await memberRows(server, shared.id)).toEqual(
        [
          { userId: bob.user.id, isAdmin: 1, status: 'active' },
          { userId: carol.user.id, isAdmin: 0, status: 'active' },
        ].sort((a, b) => a.userId - b.userId),
      )
      expect(await groupRow(server, alone.id)).toBeUndefined()
      expect(await memberRows(server, alone.id)).toEqual([])
      const bobs = await server.mailer.nextMail(bob.email)
      expect(bobs.subject).toBe('You are now the admin of Shared')
      expect(bobs.text).toContain('/groups')
      expect(
        server.mailer.sent.filter((mail) => mail.to === carol.email && mail.subject.includes('admin')),
      ).toEqual([])
      // The prize went back to the leaving player's wallet and from there to the Bank.
      expect(await walletBalance(prizeWalletOf(alone.id))).toBe(0)
      expect(await walletTotal(server)).toBe(total + 100_00 * 2)
    })
  })
})
