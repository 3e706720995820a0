import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultGroupId, type Group, groupNameTexts } from '../../src/api/groups'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { createGroup, groupListsOf, groupRow, groupsPath } from '../support/groups'
import { startTestServer, type TestServer } from '../support/test-server'

/** Names that hide or reorder text: control, zero-width, byte-order and bidirectional characters. */
const deceptive = [
  'Bulls\u202E',
  '\u202Eslluby',
  '\u200BBulls',
  'Bu\u200Clls',
  'Bu\u200Dlls',
  'Bulls\u2060',
  '\uFEFFBulls',
  '\u2066Bulls\u2069',
  'Bulls\u200F',
  'Bulls\u061C',
  'Bulls\u202A',
  'Bu\nlls',
  'Bulls\u0000',
]

const refusal = (text: string) => ({
  error: { code: 'validation_failed', message: text, fields: { name: text } },
})
const saveRefusal = (text: string) => ({
  error: { code: 'validation_failed', message: text, fields: { 'group.name': text } },
})

describe.each(dialects)('group names on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let defaultName: string
  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    const everybody = (await groupListsOf(alice)).groups.find((g) => g.id === defaultGroupId)
    if (!everybody) throw new Error('no default group')
    defaultName = everybody.name
  })
  afterAll(() => server.stop())

  const groupCount = async () => (await server.ctx.db.selectFrom('userGroups').select('id').execute()).length

  it('refuses to create a group whose name hides or reorders text, and creates nothing', async () => {
    const before = await groupCount()
    for (const name of deceptive) {
      const answer = await alice.client.post(groupsPath, { name })
      expect(answer.status, JSON.stringify(name)).toBe(400)
      expect(answer.body, JSON.stringify(name)).toEqual(refusal(groupNameTexts.nameCharacters))
    }
    expect(await groupCount()).toBe(before)
  })

  it("refuses the default group's name in any case or width, and creates nothing", async () => {
    const before = await groupCount()
    const fullwidth = [...defaultName]
      .map((c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0))
      .join('')
    for (const name of [
      defaultName,
      defaultName.toLowerCase(),
      ` ${defaultName.toUpperCase()} `,
      fullwidth,
    ]) {
      const answer = await alice.client.post(groupsPath, { name })
      expect(answer.status, name).toBe(400)
      expect(answer.body, name).toEqual(refusal(groupNameTexts.nameReserved))
    }
    expect(await groupCount()).toBe(before)
    expect((await createGroup(alice, { name: `${defaultName} traders` })).name).toBe(`${defaultName} traders`)
  })

  it('keeps a fullwidth name as the letters it looks like', async () => {
    const group = await createGroup(alice, { name: ' Ｂｕｌｌｓ　' })
    expect(group.name).toBe('Bulls')
    expect((await groupRow(server, group.id))?.name).toBe('Bulls')
  })

  it('applies the same rule to a rename, and a refused one changes nothing', async () => {
    const group = await createGroup(alice, { name: 'Night desk' })
    const save = (name: string) =>
      alice.client.post<Group>(`${groupsPath}/${group.id}/save`, { group: { name, publicGroup: true } })
    for (const name of deceptive) {
      const answer = await save(name)
      expect(answer.status, JSON.stringify(name)).toBe(400)
      expect(answer.body, JSON.stringify(name)).toEqual(saveRefusal(groupNameTexts.nameCharacters))
    }
    const reserved = await save(defaultName.toLowerCase())
    expect(reserved.body).toEqual(saveRefusal(groupNameTexts.nameReserved))
    expect(await groupRow(server, group.id)).toMatchObject({ name: 'Night desk', publicGroup: 0 })
    const renamed = await save('Ｄａｙ desk')
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('Day desk')
    expect((await groupRow(server, group.id))?.name).toBe('Day desk')
  })
})
