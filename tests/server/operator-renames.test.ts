import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Group } from '../../src/api/groups'
import type { AuthUser, PublicUser } from '../../src/api/users'
import { signUpPlayer, uniqueName } from '../support/accounts'
import { adminCliOf, cliMailsTo, expectCliRefusals } from '../support/admin-cli'
import { dialects } from '../support/databases'
import { createGroup, groupRow, groupsPath, membersOf } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(dialects)('an operator renames a player or a group on %s', (dialect) => {
  let server: TestServer
  /** the admin CLI on the server's database (its mails go to the data folder's outbox) */
  let admin: ReturnType<typeof adminCliOf>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = adminCliOf(server)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const signsIn = async (login: string, password: string) =>
    (await new HttpClient(server.url).post('/v1/auth/signin', { login, password })).status === 200

  it('gives a player a new username: they sign in with it, others see it, and their address is told', async () => {
    const player = await signUpPlayer(server)
    const admin1 = await signUpPlayer(server)
    const group = await createGroup(admin1, { name: uniqueName('Desk') })
    expect(
      (
        await admin1.client.post(`${groupsPath}/${group.id}/members/update`, {
          groupId: group.id,
          addMemberIds: [player.user.id],
        })
      ).status,
    ).toBe(200)
    const renamed = uniqueName('Fair')

    const done = await admin('rename', player.username, renamed)
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
    expect(done.stdout.trim().split('\n')).toEqual([
      `${player.username} (id ${player.user.id}) is now ${renamed}`,
      `mailed ${player.email}`,
    ])
    // the session goes on under the new name
    expect((await player.client.get<AuthUser>('/v1/auth/info')).body.username).toBe(renamed)
    expect(await signsIn(renamed, player.password)).toBe(true)
    expect(await signsIn(player.username, player.password)).toBe(false)
    expect((await admin1.client.get<PublicUser>(`/v1/users/${renamed}`)).status).toBe(200)
    expect((await admin1.client.get(`/v1/users/${player.username}`)).status).toBe(404)
    expect((await membersOf(admin1, group.id)).find((m) => m.userId === player.user.id)?.username).toBe(
      renamed,
    )
    const [mail] = cliMailsTo(server, player.email).filter(
      (m) => m.subject === 'Your Alpha username was changed',
    )
    expect(mail?.text).toContain(`Sign in with ${renamed} or your e-mail address from now on.`)
    // the old name is free for anyone
    expect((await signUpPlayer(server, { username: player.username })).user.username).toBe(player.username)
  })

  it('refuses a name that breaks the rules or is taken, and an unknown player, changing nothing', async () => {
    const player = await signUpPlayer(server)
    const other = await signUpPlayer(server)
    const refusals = [
      [['rename', player.username, 'no spaces allowed'], 'no spaces allowed: Please enter a valid username'],
      [['rename', player.username, 'admin'], 'admin: Please enter a valid username'],
      [
        ['rename', player.username, other.username.toUpperCase()],
        `${other.username.toUpperCase()} is taken by another player`,
      ],
      [['rename', 'nobody_here', 'Fine_name'], 'no player nobody_here'],
      [['rename', player.username], 'rename needs a PLAYER'],
    ] as const
    await expectCliRefusals(admin, refusals)
    expect((await player.client.get<AuthUser>('/v1/auth/info')).body.username).toBe(player.username)
    // the player may get their own name in another case
    const recased = player.username.toUpperCase()
    expect((await admin('rename', player.email, recased)).code).toBe(0)
    expect((await player.client.get<AuthUser>('/v1/auth/info')).body.username).toBe(recased)
  })

  it('gives a group a new name that its members see; the rules hold, and Alpha keeps its name', async () => {
    const owner = await signUpPlayer(server)
    const group = await createGroup(owner, { name: uniqueName('Rude') })
    const renamed = `Clean ${uniqueName('desk')}`
    const done = await admin('rename-group', String(group.id), renamed)
    expect(done.stderr).toBe('')
    expect(done.stdout.trim()).toBe(`group ${group.id} "${group.name}" is now "${renamed}"`)
    expect((await owner.client.get<Group>(`${groupsPath}/${group.id}`)).body.name).toBe(renamed)

    const refusals = [
      [['rename-group', String(group.id), ' '], 'Please set a group name...'],
      [['rename-group', String(group.id), 'x'.repeat(200)], 'A group name has at most'],
      [['rename-group', '1000', 'Anything'], 'The group every player is in keeps its name.'],
      [['rename-group', '999999', 'Anything'], 'no group 999999'],
      [['rename-group', 'first', 'Anything'], 'rename-group needs a GROUP_ID'],
    ] as const
    await expectCliRefusals(admin, refusals)
    expect((await groupRow(server, group.id))?.name).toBe(renamed)
  })
})
