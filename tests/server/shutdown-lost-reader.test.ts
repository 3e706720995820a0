import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Finished,
  freePort,
  repoRoot,
  type Started,
  startNode,
  waitForHealth,
} from '../support/processes'
import { type StaticBuild, writeStaticBuild } from '../support/static-build'

/** Enough request log lines to fill the pipe of a reader that stopped reading (a few hundred KiB). */
const requestsWhileStalled = 600
/** Liveness, not speed: a shutdown that hangs on its log output never ends at all. */
const exitBoundMs = 10_000

/** `npm start`'s server bundle, built as `npm run build:server` does, beside node_modules so its imports resolve. */
async function buildServerBundle(): Promise<{ file: string; remove(): void }> {
  mkdirSync(join(repoRoot, 'build'), { recursive: true })
  const dir = mkdtempSync(join(repoRoot, 'build', 'shutdown-test-'))
  const file = join(dir, 'main.mjs')
  await build({
    entryPoints: [join(repoRoot, 'server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: file,
    logLevel: 'warning',
  })
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

function exitWithin(server: Started, ms: number): Promise<Finished | 'still running'> {
  return Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms)),
  ])
}

describe('a server whose log reader stalled and went away ends on SIGTERM', () => {
  let dataDir: string
  let staticBuild: StaticBuild
  let bundle: { file: string; remove(): void }
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'alpha-lost-reader-'))
    staticBuild = writeStaticBuild()
    bundle = await buildServerBundle()
  })
  afterAll(() => {
    bundle?.remove()
    staticBuild?.remove()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const starts: [string, () => string[]][] = [
    ['tsx (npm run dev, the tests)', () => ['--import', 'tsx', 'server/main.ts']],
    ['the esbuild bundle (npm start)', () => [bundle.file]],
  ]
  it.each(starts)(
    '%s',
    async (_name, args) => {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const server = startNode(args(), {
        HOST: '127.0.0.1',
        PORT: String(port),
        ALPHA_DATA_DIR: dataDir,
        ALPHA_STATIC_DIR: staticBuild.dir,
        ALPHA_BOTS: '0',
        ALPHA_SCRYPT_LOG_N: '10',
      })
      try {
        await waitForHealth(url, server)
        // The reader stops reading: the pipe fills and the server's log lines wait in its process...
        server.child.stdout?.pause()
        for (let i = 0; i < requestsWhileStalled; i++) {
          expect((await fetch(`${url}/v1/health`)).status).toBe(200)
        }
        // ...then goes away, as a supervisor that died would: every later write fails with EPIPE.
        server.child.stdout?.destroy()
        server.child.kill('SIGTERM')

        const exit = await exitWithin(server, exitBoundMs)
        expect(exit).not.toBe('still running')
        expect(exit).toMatchObject({ code: 0, signal: null, stderr: '' })
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL')
      }
    },
    60_000,
  )
})
