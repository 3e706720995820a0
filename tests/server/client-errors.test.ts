import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientErrorLimits } from '../../src/api/client-errors'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { startRateLimitedServer } from '../support/security'
import type { TestServer } from '../support/test-server'

interface LogLine {
  level: number
  msg: string
  clientError?: unknown
  userId?: number | null
  userAgent?: string
}

/** A pino logger at warn whose lines the test reads. */
function recordingLog() {
  const lines: LogLine[] = []
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) })
  return { log, reports: () => lines.filter((line) => line.msg === 'client error reported') }
}

const warn = 40
let ipCounter = 0

/** A browser-like client the server sees at its own address (X-Forwarded-For, TRUST_PROXY=1). */
function clientAt(server: TestServer, client = new HttpClient(server.url)) {
  const ip = `203.0.113.${++ipCounter}`
  return {
    client,
    report: (body: unknown) =>
      client.post<unknown>('/v1/client-errors', body, { headers: { 'x-forwarded-for': ip } }),
  }
}

describe.each(dialects)('POST /v1/client-errors on %s', (dialect) => {
  let server: TestServer
  const recorded = recordingLog()

  beforeAll(async () => {
    server = await startRateLimitedServer(dialect, { log: recorded.log })
  })
  afterAll(() => server.stop())

  it('accepts a guest report and logs it at warn', async () => {
    const before = recorded.reports().length
    const body = {
      message: 'TypeError: x is undefined',
      stack: 'TypeError: x is undefined\n    at poll (app.js:1:2)',
      context: { route: '/polls', missing: { '2494': 'Apple', '12': '-' } },
    }
    const answer = await clientAt(server).report(body)
    expect(answer.status).toBe(204)
    expect(answer.body).toBe('')
    const logged = recorded.reports().slice(before)
    expect(logged).toEqual([expect.objectContaining({ level: warn, clientError: body, userId: null })])
  })

  it("names the signed-in player's id", async () => {
    const player = await signUpPlayer(server)
    const before = recorded.reports().length
    expect((await clientAt(server, player.client).report({ message: 'boom' })).status).toBe(204)
    expect(recorded.reports().slice(before)).toEqual([
      expect.objectContaining({ clientError: { message: 'boom' }, userId: player.user.id }),
    ])
  })

  it('refuses malformed and oversized reports with the error shape, logging nothing', async () => {
    const { report } = clientAt(server)
    const before = recorded.reports().length
    const refusals = [
      {},
      { message: '' },
      { message: 42 },
      { message: 'x'.repeat(clientErrorLimits.messageChars + 1) },
      { message: 'ok', stack: 'x'.repeat(clientErrorLimits.stackChars + 1) },
      { message: 'ok', context: 'not an object' },
      { message: 'ok', context: { big: 'x'.repeat(clientErrorLimits.contextChars) } },
      { message: 'ok', context: { deep: JSON.parse(`${'['.repeat(10)}1${']'.repeat(10)}`) } },
      { message: 'ok', extra: true },
    ]
    for (const body of refusals) {
      const answer = await report(body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.body).toEqual({
        error: expect.objectContaining({ code: 'validation_failed', message: expect.any(String) }),
      })
    }
    const tooLarge = await report({ message: 'ok', stack: 'x'.repeat(clientErrorLimits.bodyBytes) })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } })
    // nesting as deep as the body limit allows is refused as input, not answered with a stack overflow
    const deep = await report(`{"message":"ok","context":{"a":${'['.repeat(8000)}${']'.repeat(8000)}}}`)
    expect(deep.status).toBe(400)
    const notJson = await report('{"message": ')
    expect(notJson.status).toBe(400)
    expect(notJson.body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } })
    expect(recorded.reports().length).toBe(before)
  })

  it('needs the app headers like every other write', async () => {
    const answer = await new HttpClient(server.url).post(
      '/v1/client-errors',
      { message: 'x' },
      { bare: true },
    )
    expect(answer.status).toBe(403)
  })

  it(`takes ${clientErrorLimits.perMinute} reports a minute from one address, then 429; others go on`, async () => {
    const flood = clientAt(server)
    for (let i = 0; i < clientErrorLimits.perMinute; i++)
      expect((await flood.report({ message: `error ${i}` })).status).toBe(204)
    const blocked = await flood.report({ message: 'one too many' })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
    })
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await clientAt(server).report({ message: 'someone else' })).status).toBe(204)
  })
})
