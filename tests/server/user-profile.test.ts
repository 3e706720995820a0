import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserProfile } from '../../src/api/users'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { PairSource, tag } from '../support/game'
import { createGroup } from '../support/groups'
import { balanceOf } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(dialects)('GET /v1/users/{user}: the user info dialog summary on %s', (dialect) => {
  let server: TestServer
  let alice: SignedUp
  let bob: SignedUp
  beforeAll(async () => {
    server = await startTestServer(dialect)
    alice = await signUpPlayer(server)
    bob = await signUpPlayer(server)
  })
  afterAll(() => server.stop())

  const profileOf = async (viewer: SignedUp, ref: string) => {
    const answer = await viewer.client.get<UserProfile>(`/v1/users/${ref}`)
    expect(answer.status).toBe(200)
    return answer.body
  }

  it('starts with the sign-up grant, group 1000 and nothing played', async () => {
    const profile = await profileOf(alice, String(bob.user.id))
    // balanceOf reads the database: hundredths of a TTC
    expect(profile.balance).toBe((await balanceOf(server, bob.user.id)) / 100)
    expect(profile.balance).toBeGreaterThan(0)
    expect(profile.groups.map((group) => group.id)).toEqual([1000])
    expect(profile.votes).toEqual({ total: 0, open: 0, won: 0 })
    expect(profile.predictions).toEqual({ total: 0, running: 0, correct: 0 })
  })

  it('counts running predictions and names public groups only', async () => {
    const pairs = await new PairSource(server).take(2)
    for (const pair of pairs) await tag(bob, pair, 'Up')
    const open = await createGroup(bob, { name: 'Open traders', publicGroup: true })
    await createGroup(bob, { name: 'Secret club', publicGroup: false })
    const profile = await profileOf(alice, bob.username)
    expect(profile.predictions).toEqual({ total: 2, running: 2, correct: 0 })
    expect(profile.groups).toEqual([
      { id: 1000, name: expect.any(String) },
      { id: open.id, name: 'Open traders' },
    ])
    expect(JSON.stringify(profile)).not.toContain('Secret club')
  })
})
