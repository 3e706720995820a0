import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(dialects)('smoke on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  it('signs a player up with the sign-up grant', async () => {
    const { client, user } = await signUpPlayer(server)
    expect(user.wallet.balance).toBe(100)
    const info = await client.get('/v1/auth/info')
    expect(info.status).toBe(200)
  })
})
