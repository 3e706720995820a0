import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../support/http-client'
import { type StaticBuild, writeStaticBuild } from '../support/static-build'
import { startTestServer, type TestServer } from '../support/test-server'

const html = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }
/** What a browser sends when it fetches (or updates) a service worker script. */
const workerFetch = { headers: { accept: '*/*', 'service-worker': 'script' } }

const swBody = 'importScripts("./workbox-abc123.js");self.addEventListener("install",()=>{})\n'
const manifestBody = JSON.stringify({ name: 'Alpha', icons: [{ src: '/icons/pwa-192x192.png' }] })
/** The 8-byte PNG signature: enough for the content type. */
const pngBody = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The files vite-plugin-pwa adds to `npm run build`'s dist (see vite.config.ts). */
function addPwaFiles(build: StaticBuild) {
  writeFileSync(join(build.dir, 'sw.js'), swBody)
  writeFileSync(join(build.dir, 'workbox-abc123.js'), 'self.workbox={}\n')
  writeFileSync(join(build.dir, 'manifest.webmanifest'), manifestBody)
  mkdirSync(join(build.dir, 'icons'))
  writeFileSync(join(build.dir, 'icons', 'pwa-192x192.png'), pngBody)
}

describe('the installable app: service worker and manifest', () => {
  let build: StaticBuild
  let server: TestServer
  let client: HttpClient
  beforeAll(async () => {
    build = writeStaticBuild()
    addPwaFiles(build)
    server = await startTestServer('sqlite', { env: { ALPHA_STATIC_DIR: build.dir } })
    client = new HttpClient(server.url)
  })
  afterAll(async () => {
    await server.stop()
    build.remove()
  })

  it('lets the page register a same-origin worker and read its manifest (CSP)', async () => {
    const page = await client.get<string>('/', html)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("worker-src 'self'")
    expect(csp).toContain("manifest-src 'self'")
    expect(csp).toContain("script-src 'self'")
  })

  it('serves /sw.js as JavaScript that the browser revalidates on every update check', async () => {
    const answer = await client.get<string>('/sw.js', workerFetch)
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(swBody)
    expect(answer.headers.get('content-type')).toMatch(/^(text|application)\/javascript/)
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    // the worker's own CSP lets it import workbox from the same origin
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
    const runtime = await client.get<string>('/workbox-abc123.js', workerFetch)
    expect(runtime.status).toBe(200)
    expect(runtime.headers.get('content-type')).toMatch(/^(text|application)\/javascript/)
  })

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const answer = await client.get<string>('/manifest.webmanifest')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(JSON.parse(answer.body)).toEqual(JSON.parse(manifestBody))
    const icon = await client.get('/icons/pwa-192x192.png')
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/png')
  })

  it('never answers a missing worker script with the index page', async () => {
    const answer = await client.get<unknown>('/missing-sw.js', workerFetch)
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type') ?? '').not.toContain('text/html')
  })
})
