import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthUser } from '../../src/api/users'
import { confirmEmailOf, signUpPlayer, uniqueName } from '../support/accounts'
import { adminCliOf } from '../support/admin-cli'
import { dialects } from '../support/databases'
import { bet, PairSource, tag } from '../support/game'
import { createGroup } from '../support/groups'
import { openNextPoll } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

describe.each(dialects)('the operator looks a player up on %s', (dialect) => {
  let server: TestServer
  let admin: ReturnType<typeof adminCliOf>
  beforeAll(async () => {
    server = await startTestServer(dialect)
    admin = adminCliOf(server)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** `show`'s lines as label → value */
  async function shown(login: string): Promise<Record<string, string>> {
    const answer = await admin('show', login)
    expect(answer.stderr).toBe('')
    expect(answer.code).toBe(0)
    const [head = '', ...lines] = answer.stdout.trim().split('\n')
    return {
      head,
      ...Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      ),
    }
  }

  it('shows the address, the times, the balance, what they played and their groups; then a suspension', async () => {
    const player = await signUpPlayer(server)
    await confirmEmailOf(server, player)
    const group = await createGroup(player, { name: uniqueName('Desk') })
    const [pair] = await new PairSource(server).take(1)
    if (!pair) throw new Error('no message to tag')
    await tag(player, pair, 'Up')
    const poll = await openNextPoll(server, player)
    await bet(player, poll, 'down', 2.5)
    const balance = (await player.client.get<AuthUser>('/v1/auth/info')).body.wallet.balance

    const record = await shown(player.username)
    expect(record.head).toBe(`${player.username} (id ${player.user.id})`)
    expect(record['e-mail']).toBe(`${player.email} (confirmed)`)
    expect(record['signed up']).toMatch(isoTime)
    expect(record['last seen']).toMatch(isoTime)
    expect(record.suspended).toBe('no')
    expect(record.balance).toBe(`${balance.toFixed(2)} TTC`)
    expect(record.predictions).toBe('1, bets: 1')
    expect(record.groups).toBe(`2, admin of: ${group.name}`)

    expect((await admin('suspend', player.email)).code).toBe(0)
    const after = await shown(player.email)
    expect(after.suspended).toMatch(/^since \d{4}-/)
    expect(after['last seen']).toBe('no session')
  })

  it('says so for an unknown player or a missing one', async () => {
    const unknown = await admin('show', 'nobody_here')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no player nobody_here')
    const missing = await admin('show')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('show needs one PLAYER')
  })
})
