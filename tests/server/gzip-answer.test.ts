import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptsGzip, answerGzipLevel, compressFromBytes, gzipOnce } from '../../server/http/gzip-answer'
import { signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { startTestServer, type TestServer } from '../support/test-server'

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['deflate, GZIP', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['gzip; q=0.001', true],
    ['*', true],
    ['br, *;q=0.5', true],
  ])('takes %j', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })

  it.each([
    [undefined],
    [''],
    ['identity'],
    ['br, deflate'],
    ['gzip;q=0'],
    ['gzip; q=0.000'],
    ['*;q=0'],
    ['gzip;q=0, *'],
    ['x-gzip-ish'],
  ])('refuses %j', (header) => {
    expect(acceptsGzip(header)).toBe(false)
  })
})

describe('gzipOnce', () => {
  it('compresses a body once however often it is asked, and each body apart', async () => {
    const body = Buffer.from(JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i })) }))
    const first = gzipOnce(body)
    expect(gzipOnce(body)).toBe(first)
    expect(gunzipSync(await first).equals(body)).toBe(true)
    const other = Buffer.from(body)
    expect(gzipOnce(other)).not.toBe(first)
    expect(gunzipSync(await gzipOnce(other)).equals(body)).toBe(true)
  })

  it("compresses at the fast level the state answers take, not zlib's default", async () => {
    const body = Buffer.from(
      JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, x: i * 7 })) }),
    )
    const made = await gzipOnce(body)
    expect(answerGzipLevel).toBe(2)
    expect(made.equals(gzipSync(body, { level: answerGzipLevel }))).toBe(true)
    expect(made.equals(gzipSync(body))).toBe(false)
  })
})

describe.each(dialects)('JSON answers over 1 KB, compressed per request, on %s', (dialect) => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer(dialect)
    const player = await signUpPlayer(server)
    cookie = [...player.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  })
  afterAll(() => server.stop())

  const get = (url: string, encoding?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
    })

  it('sends brotli or gzip as the client takes them, the same JSON, and plain JSON to the others', async () => {
    // the universe: about 9 KB of JSON, an answer of a route with a response schema
    const plain = await get('/v1/stockgame/universe')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(compressFromBytes)
    const unpack = { br: brotliDecompressSync, gzip: gunzipSync }
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['deflate, gzip;q=0.5', 'gzip'],
      ['*', 'gzip'], // @fastify/compress takes `*` for gzip, the encoding every client has
    ] as const) {
      const packed = await get('/v1/stockgame/universe', accepted)
      expect(packed.statusCode, accepted).toBe(200)
      expect(packed.headers['content-encoding'], accepted).toBe(encoding)
      expect(packed.headers['content-type']).toContain('application/json')
      expect(packed.headers.vary).toContain('accept-encoding')
      expect(packed.rawPayload.length, accepted).toBeLessThan(plain.rawPayload.length / 2)
      expect(unpack[encoding](packed.rawPayload).toString(), accepted).toBe(plain.payload)
    }
    for (const accepted of ['identity', 'deflate', 'zstd', 'gzip;q=0, br;q=0', '*;q=0']) {
      const answer = await get('/v1/stockgame/universe', accepted)
      expect(answer.headers['content-encoding'], accepted).toBeUndefined()
      expect(answer.payload, accepted).toBe(plain.payload)
    }
  })

  it('leaves answers under 1 KB plain', async () => {
    for (const url of ['/v1/health', '/v1/auth/info']) {
      const answer = await get(url, 'gzip, deflate, br')
      expect(answer.statusCode, url).toBe(200)
      expect(answer.rawPayload.length, url).toBeLessThan(compressFromBytes)
      expect(answer.headers['content-encoding'], url).toBeUndefined()
      expect(() => JSON.parse(answer.payload), url).not.toThrow()
    }
  })

  it('is read as JSON by a browser (fetch takes and unpacks it)', async () => {
    const answer = await fetch(`${server.url}/v1/stockgame/universe`, { headers: { cookie } })
    expect(['br', 'gzip']).toContain(answer.headers.get('content-encoding'))
    expect(await answer.json()).toEqual(JSON.parse((await get('/v1/stockgame/universe')).payload))
  })
})
