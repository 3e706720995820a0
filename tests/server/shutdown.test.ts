import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresDatabase, dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { freePort, startTsx, waitForHealth } from '../support/processes'
import { type StaticBuild, writeStaticBuild } from '../support/static-build'

const firstStartLine = /Invitation code for the first sign-up: ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){5})/

/**
 * A POST whose body arrives in two parts: the request is in flight from the first part on, so a
 * shutdown that starts in between must wait for it and answer it.
 */
function slowPost(url: string, path: string, body: string) {
  let sendRest: () => void = () => {}
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-app-version': 'test',
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
        )
      },
    )
    req.on('error', reject)
    const half = Math.floor(body.length / 2)
    req.write(body.slice(0, half))
    sendRest = () => req.end(body.slice(half))
  })
  return { answer, sendRest: () => sendRest() }
}

describe.each(dialects)('npm start and graceful shutdown on %s', (dialect) => {
  let dataDir: string
  let build: StaticBuild
  let env: Record<string, string>
  let dropDatabase: (() => Promise<void>) | undefined
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'alpha-main-'))
    build = writeStaticBuild()
    env = {
      HOST: '127.0.0.1',
      ALPHA_DATA_DIR: dataDir,
      ALPHA_STATIC_DIR: build.dir,
      ALPHA_BOTS: '0',
      ALPHA_SCRYPT_LOG_N: '10',
    }
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase()
      env.DATABASE_URL = database.url
      dropDatabase = database.drop
    }
  })
  afterAll(async () => {
    await dropDatabase?.()
    build.remove()
    rmSync(dataDir, { recursive: true, force: true })
  })

  let firstCode = ''

  it('first start: answers health, serves the index page, prints an invitation code; SIGTERM drains and exits 0', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = startTsx('server/main.ts', [], { ...env, PORT: String(port) })
    try {
      await waitForHealth(url, server)
      const match = await server.waitForOutput(firstStartLine)
      firstCode = match[1] ?? ''
      expect(server.stdout()).toContain(`Alpha is running at http://localhost:${port}`)

      const client = new HttpClient(url)
      const index = await client.get<string>('/', { headers: { accept: 'text/html' } })
      expect(index.status).toBe(200)
      expect(index.body).toContain(build.indexMarker)
      const health = await client.get('/v1/health')
      expect(health.body).toMatchObject({ status: 'ok', database: 'ok' })

      // an idle keep-alive connection must not hold the shutdown up
      await fetch(`${url}/v1/health`, { headers: { connection: 'keep-alive' } }).then((r) => r.text())
      // a request in flight when SIGTERM arrives is answered
      const inFlight = slowPost(
        url,
        '/v1/auth/password-reset/request',
        JSON.stringify({ email: 'a@example.test' }),
      )
      // fastify logs the request once its headers are in: from then on it is in flight
      await server.waitForOutput(/"url":"\/v1\/auth\/password-reset\/request"/)
      server.child.kill('SIGTERM')
      await server.waitForOutput(/shutting down: draining requests/)
      inFlight.sendRest()
      const answered = await inFlight.answer
      const answeredAt = Date.now()
      expect(answered.status).toBe(202)
      expect(JSON.parse(answered.body)).toEqual({ status: 'accepted' })
      // its keep-alive socket is closed with the answer rather than kept open for keepAliveTimeout (5 s)
      expect(answered.connection).toBe('close')

      const exit = await server.exited
      expect(Date.now() - answeredAt).toBeLessThan(4000)
      expect(exit.code).toBe(0)
      expect(exit.signal).toBeNull()
      expect(exit.stdout).toContain('"signal":"SIGTERM"')
      expect(exit.stdout).toContain('"msg":"bye"')
      expect(exit.stderr).toBe('')
      await expect(fetch(`${url}/v1/health`)).rejects.toThrow()
      if (dialect === 'sqlite') {
        // closed cleanly: the WAL was checkpointed into the database file and removed
        const wal = join(dataDir, 'alpha.sqlite-wal')
        expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0)
        expect(existsSync(join(dataDir, 'alpha.sqlite'))).toBe(true)
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
  })

  it('second start on the same data: no new code printed, the printed one signs up, SIGINT exits 0', async () => {
    expect(firstCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){5}$/)
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = startTsx('server/main.ts', [], { ...env, PORT: String(port) })
    try {
      await waitForHealth(url, server)
      const signup = await new HttpClient(url).post('/v1/auth/signup', {
        invitationCode: firstCode,
        email: 'first@example.test',
        username: 'first_player',
        password: 'the very first password',
        acceptTerms: true,
      })
      expect(signup.status).toBe(201)
      server.child.kill('SIGINT')
      const exit = await server.exited
      expect(exit.code).toBe(0)
      expect(exit.stdout).not.toMatch(/Invitation code/)
      expect(exit.stdout).toContain('shutting down: draining requests')
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
  })
})
