import { expect } from 'vitest'
import type { CreateGroupBody, Group, GroupLists, GroupMember } from '../../src/api/groups'
import type { SignedUp } from './accounts'
import type { TestServer } from './test-server'

export const groupsPath = '/v1/stockgame/groups'

/** Creates a group through the API and expects it to succeed. */
export async function createGroup(player: SignedUp, body: Partial<CreateGroupBody> = {}): Promise<Group> {
  const answer = await player.client.post<Group>(groupsPath, { name: 'Traders', ...body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

export async function groupListsOf(player: SignedUp): Promise<GroupLists> {
  const answer = await player.client.get<GroupLists>(groupsPath)
  expect(answer.status).toBe(200)
  return answer.body
}

/** The membership rows of a group straight from the database, sorted by user id. */
export async function memberRows(server: TestServer, groupId: number) {
  const rows = await server.ctx.db
    .selectFrom('groupMembers')
    .select(['userId', 'isAdmin', 'status'])
    .where('groupId', '=', groupId)
    .orderBy('userId')
    .execute()
  return rows
}

export async function groupRow(server: TestServer, groupId: number) {
  return server.ctx.db.selectFrom('userGroups').selectAll().where('id', '=', groupId).executeTakeFirst()
}

/** Invites the players and lets them accept, so they are active members. */
export async function addActiveMembers(admin: SignedUp, groupId: number, players: SignedUp[]): Promise<void> {
  const added = await admin.client.post(`${groupsPath}/${groupId}/members/update`, {
    groupId,
    addMemberIds: players.map((p) => p.user.id),
  })
  expect(added.status, JSON.stringify(added.body)).toBe(200)
  for (const player of players) {
    const joined = await player.client.post<Group>(`${groupsPath}/${groupId}/join`)
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect(joined.body.memberStatus).toBe('active')
  }
}

export async function membersOf(player: SignedUp, groupId: number): Promise<GroupMember[]> {
  const answer = await player.client.get<GroupMember[]>(`${groupsPath}/${groupId}/members`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
