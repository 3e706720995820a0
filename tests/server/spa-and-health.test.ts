import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/precompress'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { type StaticBuild, writeStaticBuild } from '../support/static-build'
import { startTestServer, type TestServer } from '../support/test-server'

const bundle = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}]\n`
const html = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }

describe.each(dialects)('health and the built SPA on %s', (dialect) => {
  let build: StaticBuild
  let server: TestServer
  let client: HttpClient
  beforeAll(async () => {
    build = writeStaticBuild()
    // a bundle and an index page large enough to be worth compressing, compressed as the build does
    writeFileSync(join(build.dir, 'assets', 'bundle-abc123.js'), bundle)
    const index = readFileSync(join(build.dir, 'index.html'), 'utf8')
    writeFileSync(
      join(build.dir, 'index.html'),
      index.replace('</head>', `<!--${'x'.repeat(2000)}--></head>`),
    )
    precompressDir(build.dir)
    server = await startTestServer(dialect, { env: { ALPHA_STATIC_DIR: build.dir } })
    client = new HttpClient(server.url)
  })
  afterAll(async () => {
    await server.stop()
    build.remove()
  })

  it('GET /v1/health answers 200 with status ok when the database answers', async () => {
    const answer = await client.get<Record<string, unknown>>('/v1/health')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.body).toMatchObject({ status: 'ok', database: 'ok' })
    expect(answer.body.uptimeSeconds).toEqual(expect.any(Number))
  })

  it('serves index.html at / and revalidates it', async () => {
    const answer = await client.get<string>('/', html)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toContain('text/html')
    expect(answer.body).toContain(build.indexMarker)
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it.each(['/rankings', '/account/confirm-email?userId=1&email=a%40b.c&sgn=x', '/groups/1000/members'])(
    'answers the client route %s with the index page (history fallback)',
    async (path) => {
      const answer = await client.get<string>(path, html)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toContain('text/html')
      expect(answer.body).toContain(build.indexMarker)
      expect(answer.headers.get('cache-control')).toBe('no-cache')
    },
  )

  it('serves hashed assets as immutable for a year', async () => {
    const answer = await client.get<string>(build.assetPath)
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(build.assetBody)
    expect(answer.headers.get('content-type')).toMatch(/javascript/)
    const cache = answer.headers.get('cache-control') ?? ''
    expect(cache).toContain('immutable')
    expect(cache).toContain('max-age=31536000')
    const icon = await client.get('/favicon.svg')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('cache-control')).toBe('no-cache')
  })

  it("sends the build's precompressed copies to browsers that take them, the plain file to others", async () => {
    const get = (path: string, encoding?: string) =>
      server.app.inject({
        method: 'GET',
        url: path,
        headers: {
          accept: path.endsWith('.js') ? '*/*' : 'text/html',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      })
    const brotli = await get('/assets/bundle-abc123.js', 'gzip, deflate, br, zstd')
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers['cache-control']).toContain('immutable')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotli.rawPayload.length).toBeLessThan(bundle.length / 4)
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(bundle)
    const gzip = await get('/assets/bundle-abc123.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(bundle)
    const plain = await get('/assets/bundle-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.payload).toBe(bundle)
    // the index page is compressed too when it is large enough, through the history fallback as well
    const index = readFileSync(join(build.dir, 'index.html'), 'utf8')
    writeFileSync(
      join(build.dir, 'index.html'),
      index.replace('</head>', `<!--${'x'.repeat(2000)}--></head>`),
    )
    precompressDir(build.dir)
    for (const path of ['/', '/rankings']) {
      const page = await get(path, 'br')
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-encoding'], path).toBe('br')
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain(build.indexMarker)
    }
    // the copies are not pages of their own
    expect((await get('/assets/bundle-abc123.js.br', 'br')).headers['content-type']).not.toMatch(/javascript/)
  })

  it('sends the copies as the build made them: an API answer is compressed per request, a file never', async () => {
    const get = (path: string, encoding: string) =>
      server.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': encoding } })
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const answer = await get('/assets/bundle-abc123.js', encoding)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(
        answer.rawPayload.equals(readFileSync(join(build.dir, 'assets', `bundle-abc123.js${suffix}`))),
      ).toBe(true)
    }
    // a text file the build left uncompressed (under its 1 KB) is sent as it is
    const small = await get(build.assetPath, 'gzip, br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.payload).toBe(build.assetBody)
  })

  it('answers an unsatisfiable Range with 416 and Content-Range, in the JSON error shape', async () => {
    const size = Buffer.byteLength(bundle)
    const answer = await server.app.inject({
      method: 'GET',
      url: '/assets/bundle-abc123.js',
      headers: { range: `bytes=${size + 10}-${size + 20}` },
    })
    expect(answer.statusCode).toBe(416)
    expect(answer.headers['content-range']).toBe(`bytes */${size}`)
    expect(answer.headers['content-type']).toContain('application/json')
    expect(answer.json()).toEqual({
      error: { code: 'range_not_satisfiable', message: 'Range Not Satisfiable' },
    })
    // a range that fits is served as ever
    const part = await server.app.inject({
      method: 'GET',
      url: '/assets/bundle-abc123.js',
      headers: { range: 'bytes=0-9' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`)
    expect(part.payload).toBe(bundle.slice(0, 10))
  })

  it('answers unknown API paths with a JSON 404, never the index page', async () => {
    for (const path of ['/v1/unknown', '/v1', '/v1/users/me/nothing']) {
      const answer = await client.get<{ error: { code: string } }>(path, html)
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('content-type')).toContain('application/json')
      expect(answer.body.error.code).toBe('not_found')
    }
  })

  it('leaves /socket.io to the realtime server, never the index page', async () => {
    const answer = await client.get<unknown>('/socket.io/x', html)
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.headers.get('content-type') ?? '').not.toContain('text/html')
  })

  it('does not fall back to the index page for non-GET requests or non-HTML requests', async () => {
    const missingAsset = await client.get<{ error: { code: string } }>('/assets/missing-999.js')
    expect(missingAsset.status).toBe(404)
    expect(missingAsset.body.error.code).toBe('not_found')
    const post = await client.post<{ error: { code: string } }>('/rankings', {}, html)
    expect(post.status).toBe(404)
    expect(post.headers.get('content-type')).toContain('application/json')
  })
})

describe.each(dialects)('without a built SPA on %s', (dialect) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(dialect)
  })
  afterAll(() => server.stop())

  it('still answers health, and the pages with a JSON 404', async () => {
    const client = new HttpClient(server.url)
    expect((await client.get('/v1/health')).status).toBe(200)
    const page = await client.get<{ error: { code: string } }>('/rankings', html)
    expect(page.status).toBe(404)
    expect(page.body.error.code).toBe('not_found')
  })
})
