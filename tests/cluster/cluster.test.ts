import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInvitationCodes, operatorCodeLifetimeMs } from '../../server/auth/invitations.repo'
import { connectDatabase } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { fairPlayCodes } from '../../src/api/fair-play'
import type { LiveMessage, ServerMessage, Tick } from '../../src/api/market'
import type { Poll } from '../../src/api/polls'
import type { AuthUser } from '../../src/api/users'
import { pollTimesFor } from '../../src/domain/poll-schedule'
import { createPostgresDatabase } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { auditMoney } from '../support/money-audit'
import { nextLocalTime } from '../support/polls'
import { freePort, type Started, startTsx, waitForHealth } from '../support/processes'

const redisUrl = process.env.ALPHA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const crypto = [99979, 99980, 99981, 99982, 99983, 99984, 99985, 99986]
/** Crypto (24/7), currency pairs and commodities (weekdays): up to 22 polls a start, so settlement takes a while. */
const pollTitles = [
  99965,
  99966,
  99967,
  99968,
  99969,
  99970,
  ...crypto,
  99990,
  99991,
  99992,
  99993,
  99994,
  99995,
  99996,
  99997,
]
const playersPerProcess = 3
const zone = 'Europe/Berlin'
const fingerprint = 'd41d8cd98f00b204e9800998ecf8427e'

interface Node {
  port: number
  url: string
  started: Started
}

interface Player {
  user: AuthUser
  /** HTTP through this process */
  http: HttpClient
  /** the socket is connected to another process than the HTTP client */
  socket: Socket
  ticks: { at: number; tick: Tick }[]
  messages: string[]
}

function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const poll = async () => {
      try {
        if (await check()) return resolve()
      } catch {
        // not yet
      }
      if (Date.now() > deadline) return reject(new Error(`${what}: not within ${timeoutMs} ms`))
      setTimeout(poll, 100)
    }
    void poll()
  })
}

/**
 * DESIGN.md §6 and issue 7: three server processes (real child processes, `node --import tsx
 * server/main.ts`) on one fresh PostgreSQL database and one Redis (a key prefix of this run), with the
 * cluster's shared test clock. Players make HTTP calls through one process and hold a socket on
 * another; they bet and tag through all three. The market publisher is killed with SIGKILL while
 * settlement of about twenty polls is under way on it, another process takes the market over, the
 * killed one is restarted on its port: every client gets ticks again after reconnecting, each poll is
 * paid exactly once and the money adds up.
 */
describe('three server processes on PostgreSQL and Redis', () => {
  const prefix = `alpha-test-${randomBytes(5).toString('hex')}:`
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-cluster-'))
  const nodes: Node[] = []
  const players: Player[] = []
  let pg: { url: string; drop: () => Promise<void> }
  let db: Db
  let env: Record<string, string>

  function startNode(port: number): Node {
    const started = startTsx('server/main.ts', [], { ...env, PORT: String(port) })
    return { port, url: `http://127.0.0.1:${port}`, started }
  }

  /** `POST /v1/test/clock` on one process: moves the cluster's clock and runs that process's jobs. */
  async function advance(node: Node, advanceMs: number): Promise<number> {
    const answer = await new HttpClient(node.url).post<{ now: number }>('/v1/test/clock', { advanceMs })
    if (answer.status !== 200) throw new Error(`clock on ${node.port}: ${answer.status}`)
    return answer.body.now
  }

  /** Moves the clock through `via` to `target` and lets every process run its jobs at that time. */
  async function advanceTo(via: Node, target: number): Promise<void> {
    const now = await advance(via, 0)
    await advance(via, Math.max(0, target - now))
    await Promise.all(nodes.map((node) => advance(node, 0)))
  }

  beforeAll(async () => {
    pg = await createPostgresDatabase()
    // Migrated once up front: the three processes then start side by side.
    db = connectDatabase({ databaseUrl: pg.url, dataDir })
    await migrateToLatest(db)
    env = {
      HOST: '127.0.0.1',
      DATABASE_URL: pg.url,
      REDIS_URL: redisUrl,
      ALPHA_REDIS_PREFIX: prefix,
      ALPHA_DATA_DIR: dataDir,
      ALPHA_STATIC_DIR: join(dataDir, 'dist'),
      ALPHA_SECRET: 'cluster-test-secret-that-is-at-least-32-characters',
      ALPHA_TEST_CLOCK: '1',
      ALPHA_BOTS: '0',
      ALPHA_RATE_LIMITS: '0',
      ALPHA_SCRYPT_LOG_N: '10',
      ALPHA_TICK_INTERVAL_MS: '250',
      ALPHA_POLL_TITLES: pollTitles.join(','),
      LOG_LEVEL: 'info',
    }
    const ports = [await freePort(), await freePort(), await freePort()]
    nodes.push(...ports.map(startNode))
    await Promise.all(nodes.map((node) => waitForHealth(node.url, node.started, 90_000)))
  }, 120_000)

  afterAll(async () => {
    for (const player of players) player.socket.disconnect()
    for (const node of nodes) node.started.child.kill('SIGTERM')
    await Promise.all(nodes.map((node) => node.started.exited))
    await db?.destroy()
    const redis = new Redis(redisUrl)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
    await pg?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  async function signUp(node: Node, n: number): Promise<AuthUser & { http: HttpClient }> {
    const [code] = await createInvitationCodes(db, {
      count: 1,
      ownerId: null,
      now: await advance(node, 0),
      lifetimeMs: operatorCodeLifetimeMs,
    })
    const http = new HttpClient(node.url)
    const username = `c${prefix.slice(11, 17)}_${n}`
    const answer = await http.post<AuthUser>('/v1/auth/signup', {
      invitationCode: code,
      email: `${username}@example.test`,
      username,
      password: 'correct horse battery staple',
      acceptTerms: true,
    })
    if (answer.status !== 201) throw new Error(`sign-up on ${node.port}: ${JSON.stringify(answer.body)}`)
    return { ...answer.body, http }
  }

  function connectSocket(node: Node, player: Omit<Player, 'socket'>): Socket {
    const socket = io(node.url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 500,
      extraHeaders: { origin: node.url },
    })
    // On every (re)connection: authorize, then subscribe, as the app's socket actor does.
    socket.on('connect', async () => {
      const ok = await socket
        .timeout(10_000)
        .emitWithAck('authorize', { credentials: player.user.websocketCredentials, fingerprint })
        .catch(() => false)
      if (ok)
        await socket
          .timeout(10_000)
          .emitWithAck('subscribe title ticks', crypto)
          .catch(() => undefined)
    })
    socket.on('tick', (tick: Tick) => player.ticks.push({ at: Date.now(), tick }))
    socket.on('message', (message: LiveMessage) => player.messages.push(message.message_id))
    return socket
  }

  const ticksSince = (player: Player, since: number) => player.ticks.filter((t) => t.at > since).length

  it('shares ticks, messages, bets, tags and one clock; survives the publisher killed mid-settlement', async () => {
    // --- one clock: a move through one process is every process's time
    const before = await advance(nodes[0] as Node, 0)
    const moved = await advance(nodes[1] as Node, 3_600_000)
    expect(moved - before).toBeGreaterThanOrEqual(3_600_000)
    for (const node of nodes) expect(await advance(node, 0)).toBeGreaterThanOrEqual(moved)

    // --- players: HTTP through process i, socket on process i + 1
    for (let i = 0; i < nodes.length * playersPerProcess; i++) {
      const home = nodes[i % nodes.length] as Node
      const { http, ...user } = await signUp(home, i)
      const player = { user, http, ticks: [], messages: [] } as Omit<Player, 'socket'>
      players.push({
        ...player,
        socket: connectSocket(nodes[(i + 1) % nodes.length] as Node, player),
      } as Player)
    }
    const connectedAt = Date.now()
    await waitFor('every client gets ticks', () => players.every((p) => ticksSince(p, connectedAt) > 0))

    // --- a weekday's 14:00 poll start, when every poll title trades: polls open (each process's jobs
    // run), players bet through all processes
    const start = nextLocalTime(await advance(nodes[0] as Node, 0), '14:00', [1, 2, 3, 4, 5], 60_000, zone)
    await advanceTo(nodes[2] as Node, start + 60_000)
    const polls = (await players[0]?.http.get<Poll[]>('/v1/stockgame/polls'))?.body ?? []
    const open = polls.filter((poll) => poll.startTime === start)
    expect(open.length).toBe(pollTitles.length)
    expect(new Set(open.map((poll) => poll.titleId)).size).toBe(open.length)
    let bets = 0
    await Promise.all(
      players.map(async (player, i) => {
        for (const poll of open) {
          const answer = await player.http.post(`/v1/stockgame/polls/${poll.pollId}/vote`, {
            pollId: poll.pollId,
            userId: player.user.id,
            vote: (['up', 'flat', 'down'] as const)[(i + poll.titleId) % 3],
            ttcBet: 1 + ((i + poll.titleId) % 5),
          })
          expect(answer.status).toBe(200)
          bets += 1
        }
      }),
    )

    // --- messages reach every authorized socket; players tag them through their process
    const messagesBefore = Date.now()
    await advanceTo(nodes[1] as Node, start + 10 * 60_000)
    await waitFor('every client gets messages', () => players.every((p) => p.messages.length > 0))
    expect(messagesBefore).toBeLessThan(Date.now())
    let tags = 0
    await Promise.all(
      players.map(async (player, i) => {
        const answer = await player.http.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
        for (const message of answer.body.slice(0, 4)) {
          const mention = message.titles[0]
          if (!mention) continue
          const tagged = await player.http.post(
            `/v1/stockgame/tagged-messages/${encodeURIComponent(message.message_id)}/tag`,
            {
              userId: player.user.id,
              titleId: mention.title_id,
              messageId: message.message_id,
              trend: i % 2 ? 'Up' : 'Down',
            },
          )
          // fair play: a title whose market is closed at the cluster's time is refused, on any process
          if ((tagged.body as { error?: { code?: string } }).error?.code === fairPlayCodes.marketClosed)
            continue
          expect(tagged.status).toBe(200)
          tags += 1
        }
      }),
    )
    expect(tags).toBeGreaterThan(0)

    // --- a logout on one process closes the player's sockets on another
    const leaving = await signUp(nodes[0] as Node, 99)
    const leavingSocket = connectSocket(nodes[2] as Node, {
      user: leaving,
      http: leaving.http,
      ticks: [],
      messages: [],
    })
    const leavingTicks: unknown[] = []
    leavingSocket.on('tick', (tick) => leavingTicks.push(tick))
    await waitFor('the leaving player gets ticks', () => leavingTicks.length > 0)
    const closed = new Promise<string>((resolve) => leavingSocket.once('disconnect', resolve))
    expect((await leaving.http.post('/v1/auth/logout')).status).toBeLessThan(300)
    expect(await closed).toBe('io server disconnect')

    // --- the publisher is killed (SIGKILL) while it settles the polls
    const publisher = nodes.find((node) => node.started.stdout().includes('publishes the market'))
    if (!publisher) throw new Error('no process says it publishes the market')
    const others = nodes.filter((node) => node !== publisher)
    // the periodic jobs run on the publisher alone
    await waitFor('the publisher runs the periodic jobs', () =>
      publisher.started.stdout().includes('runs the periodic jobs'),
    )
    for (const node of others) expect(node.started.stdout()).not.toContain('runs the periodic jobs')
    const { evalTime } = pollTimesFor(start)
    const now = await advance(publisher, 0)
    const settling = advance(publisher, evalTime + 1000 - now).catch(() => undefined)
    const settledNow = async () =>
      Number(
        (
          await db
            .selectFrom('polls')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('settledAt', 'is not', null)
            .where(
              'id',
              'in',
              open.map((poll) => poll.pollId),
            )
            .executeTakeFirstOrThrow()
        ).n,
      )
    // killed at the first committed settlement: the rest are under way
    const deadline = Date.now() + 10_000
    while ((await settledNow()) === 0 && Date.now() < deadline) {}
    publisher.started.child.kill('SIGKILL')
    const killedAt = Date.now()
    const settledAtKill = await settledNow()
    await publisher.started.exited
    await settling
    console.info(`killed the publisher with ${settledAtKill} of ${open.length} polls settled`)

    // another process takes the market over: the clients on the living processes get ticks again
    const onLiving = players.filter((_, i) => nodes[(i + 1) % nodes.length] !== publisher)
    await waitFor('ticks after the takeover', () => onLiving.every((p) => ticksSince(p, killedAt + 100) > 0))
    await waitFor('one process took the market over', () =>
      others.some((node) => node.started.stdout().includes('publishes the market')),
    )
    await waitFor('the new publisher runs the periodic jobs', () =>
      others.some(
        (node) =>
          node.started.stdout().includes('publishes the market') &&
          node.started.stdout().includes('runs the periodic jobs'),
      ),
    )

    // --- the killed process is restarted on its port; its clients reconnect and get ticks
    const restarted = startNode(publisher.port)
    nodes[nodes.indexOf(publisher)] = restarted
    await waitForHealth(restarted.url, restarted.started, 90_000)
    const restartedAt = Date.now()
    await waitFor('every client gets ticks after the restart', () =>
      players.every((p) => ticksSince(p, restartedAt) > 0),
    )
    expect(restarted.started.stdout()).not.toContain('publishes the market')
    expect(restarted.started.stdout()).not.toContain('runs the periodic jobs')

    // --- every process runs its jobs at the same time: what is left is settled, once
    await Promise.all(nodes.map((node) => advance(node, 0)))
    await waitFor(
      'every due poll settled',
      async () =>
        (
          await db
            .selectFrom('polls')
            .select('id')
            .where('settledAt', 'is', null)
            .where('evalTime', '<=', evalTime)
            .execute()
        ).length === 0,
    )
    const audit = await auditMoney(db)
    expect(audit).toMatchObject({
      imbalance: 0,
      unbookedWallets: [],
      negativeBalances: 0,
      pollsPaidWrong: [],
    })
    expect(await settledNow()).toBe(open.length)
    // every acknowledged bet and tag is there
    const votes = await db.selectFrom('votes').select('id').execute()
    expect(votes).toHaveLength(bets)
    const predictions = await db.selectFrom('taggedMessages').select('messageId').execute()
    expect(predictions).toHaveLength(tags)
    // no message pushed twice to a client, across the takeover too
    for (const player of players) expect(new Set(player.messages).size).toBe(player.messages.length)
  }, 240_000)
})
