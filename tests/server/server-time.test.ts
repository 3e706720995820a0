import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/test-server'

/** The client keeps the game's time from `x-server-time` (src/domain/server-clock.ts). */
describe('x-server-time', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('sqlite')
  })
  afterAll(() => server.stop())

  it("is the game clock's time on every answer, errors included, and follows a moved test clock", async () => {
    const before = server.clock.now()
    const health = await server.app.inject({ method: 'GET', url: '/v1/health' })
    const first = Number(health.headers['x-server-time'])
    expect(first).toBeGreaterThanOrEqual(before)
    expect(first).toBeLessThanOrEqual(server.clock.now())
    server.clock.advance(5 * 3600_000)
    const refused = await server.app.inject({ method: 'GET', url: '/v1/stockgame/state' })
    expect(refused.statusCode).toBe(401)
    expect(Number(refused.headers['x-server-time'])).toBeGreaterThanOrEqual(first + 5 * 3600_000)
  })
})
