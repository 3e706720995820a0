import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Adapter } from 'socket.io-adapter'
import { buildApp, createContext } from '../../server/app'
import { createInvitationCodes, operatorCodeLifetimeMs } from '../../server/auth/invitations.repo'
import { loadConfig } from '../../server/config'
import { FanOutAdapter } from '../../server/realtime/fan-out-adapter'
import type { AuthUser } from '../../src/api/users'
import { BenchMarket } from './bench-market'
import type { ServerReady } from './protocol'
import { driveTicks } from './tick-driver'

/**
 * Our server, as `npm start` builds it (SQLite, every route and hook), with the benchmark's market.
 * BENCH_STOCK_ADAPTER=1 puts socket.io's stock broadcast back, for comparison.
 */
async function main(): Promise<void> {
  if (process.env.BENCH_STOCK_ADAPTER === '1') FanOutAdapter.prototype.broadcast = Adapter.prototype.broadcast
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-bench-'))
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ALPHA_DATA_DIR: dataDir,
    ALPHA_STATIC_DIR: join(dataDir, 'dist'),
    ALPHA_SECRET: 'benchmark-secret-that-is-at-least-32-characters',
    ALPHA_SCRYPT_LOG_N: '10',
    ALPHA_RATE_LIMITS: '0',
    ALPHA_BOTS: '0',
    LOG_LEVEL: 'warn',
  })
  const market = new BenchMarket()
  const ctx = await createContext(config, { market })
  const app = await buildApp(ctx)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no TCP port')
  ctx.config.appOrigin = `http://127.0.0.1:${address.port}`

  const [code] = await createInvitationCodes(ctx.db, {
    count: 1,
    ownerId: null,
    now: ctx.clock.now(),
    lifetimeMs: operatorCodeLifetimeMs,
  })
  const signUp = await app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    headers: { 'x-app-version': 'bench', origin: ctx.config.appOrigin, host: `127.0.0.1:${address.port}` },
    payload: {
      invitationCode: code,
      email: 'bench@example.test',
      username: 'bench',
      password: 'benchmark password 123',
      acceptTerms: true,
    },
  })
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`)
  const user = signUp.json<AuthUser>()

  driveTicks(
    market.titles().map((title) => title.id),
    (tick) => market.emitTick(tick),
  )
  const ready: ServerReady = {
    type: 'ready',
    port: address.port,
    credentials: user.websocketCredentials,
    titleIds: market.titles().map((title) => title.id),
  }
  process.send?.(ready)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
