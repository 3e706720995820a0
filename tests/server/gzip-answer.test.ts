import zlib, { brotliDecompressSync, constants, deflateRawSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  acceptsGzip,
  answerGzipLevel,
  compressFromBytes,
  compressInLineUpToBytes,
  gzipOnce,
} from '../../server/http/gzip-answer'
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
  const json = (rows: number, from = 0) =>
    JSON.stringify(Array.from({ length: rows }, (_, i) => ({ i: i + from, name: `Spieler ${i} – Ü` })))
  const bodyOf = (head: Buffer, tail: string) => ({ head, tail: Buffer.from(tail) })
  const whole = (body: { head: Buffer; tail: Buffer }) => Buffer.concat([body.head, body.tail])

  it('compresses an answer once however often it is asked, and each answer apart', () => {
    const head = Buffer.from(`{"head":${json(500)},`)
    const body = bodyOf(head, `"tail":${json(100)}}`)
    const first = gzipOnce(body)
    expect(gzipOnce(body)).toBe(first)
    expect(gunzipSync(first).equals(whole(body))).toBe(true)
    const other = bodyOf(head, `"tail":${json(100)}}`)
    expect(gzipOnce(other)).not.toBe(first)
    expect(gunzipSync(gzipOnce(other)).equals(whole(body))).toBe(true)
  })

  it('is one gzip member whose check sum and length cover head and tail, whatever their sizes', () => {
    // gunzipSync checks the CRC-32 and the length of the trailer; heads of several deflate blocks
    for (const [headRows, tailRows] of [
      [0, 0],
      [1, 1],
      [3000, 20],
      [20, 3000],
      [6000, 6000],
    ] as const) {
      const body = bodyOf(Buffer.from(`{"head":${json(headRows)},`), `"tail":${json(tailRows, 7)}}`)
      const made = gzipOnce(body)
      expect(made.subarray(0, 3).equals(Buffer.from([0x1f, 0x8b, 8])), `${headRows}`).toBe(true)
      expect(gunzipSync(made).equals(whole(body)), `${headRows}/${tailRows}`).toBe(true)
      expect(JSON.parse(gunzipSync(made).toString()).tail).toHaveLength(tailRows)
    }
  })

  it('compresses the shared head once: answers on one head begin with the same deflate blocks, at the fast level', () => {
    const head = Buffer.from(`{"head":${json(2000)},`)
    const blocks = deflateRawSync(head, { level: answerGzipLevel, finishFlush: constants.Z_SYNC_FLUSH })
    const a = gzipOnce(bodyOf(head, `"tail":${json(50)}}`))
    const b = gzipOnce(bodyOf(head, `"tail":${json(60, 3)}}`))
    expect(answerGzipLevel).toBe(2)
    expect(a.subarray(10, 10 + blocks.length).equals(blocks)).toBe(true)
    expect(b.subarray(10, 10 + blocks.length).equals(blocks)).toBe(true)
    expect(a.subarray(10 + blocks.length).equals(b.subarray(10 + blocks.length))).toBe(false)
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

  it('compresses answers of tens of KB in line, without a zlib stream per answer', async () => {
    // over @fastify/compress's own in-line ceiling on two cores and more (8 KB or less)
    const plain = await get('/v1/stockgame/universe')
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024)
    expect(plain.rawPayload.length).toBeLessThan(compressInLineUpToBytes)
    const streams = [vi.spyOn(zlib, 'createGzip'), vi.spyOn(zlib, 'createBrotliCompress')]
    try {
      for (const encoding of ['gzip', 'br']) {
        const packed = await get('/v1/stockgame/universe', encoding)
        expect(packed.headers['content-encoding']).toBe(encoding)
      }
      for (const stream of streams) expect(stream).not.toHaveBeenCalled()
    } finally {
      for (const stream of streams) stream.mockRestore()
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
