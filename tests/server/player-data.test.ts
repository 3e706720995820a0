import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playerDataPageSize } from '../../server/auth/player-data'
import { heavyReadLimits } from '../../server/http/rate-limits'
import type { GroupLists } from '../../src/api/groups'
import type { PlayerInvitation } from '../../src/api/invitations'
import { type PlayerData, playerDataPath, playerDataSchema } from '../../src/api/player-data'
import type { Poll } from '../../src/api/polls'
import type { Transaction } from '../../src/api/transactions'
import type { AuthUser } from '../../src/api/users'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer, uniqueName } from '../support/accounts'
import { adminCliOf } from '../support/admin-cli'
import { dialects } from '../support/databases'
import { advanceClock, bet, PairSource, tag } from '../support/game'
import { createGroup, groupsPath } from '../support/groups'
import { HttpClient } from '../support/http-client'
import { seedJudgedPredictions } from '../support/judged-predictions'
import { bitcoin, openNextPoll } from '../support/polls'
import { startRateLimitedServer, windowSeconds } from '../support/security'
import { startTestServer, type TestServer } from '../support/test-server'

const minute = 60_000

/** The player's data download, parsed by its schema: a file that breaks it fails here. */
async function downloadOf(player: SignedUp): Promise<{ data: PlayerData; headers: Headers }> {
  const answer = await player.client.get<unknown>(playerDataPath)
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
  return { data: playerDataSchema.parse(answer.body), headers: answer.headers }
}

describe.each(dialects)("a player's data download on %s", (dialect) => {
  let server: TestServer
  let player: SignedUp
  let other: SignedUp

  beforeAll(async () => {
    server = await startTestServer(dialect)
    player = await signUpPlayer(server)
    other = await signUpPlayer(server)
    // a prediction judged since, a bet, a group, an invitation, a second device, and another player's play
    const [mine, theirs] = await new PairSource(server, [bitcoin]).take(2)
    if (!mine || !theirs) throw new Error('no pairs')
    await tag(player, mine, 'Up')
    await tag(other, theirs, 'Down')
    await advanceClock(server, evaluationDelayMs + 5 * minute)
    await bet(player, await openNextPoll(server, player), 'up', 12.5)
    await createGroup(player, { name: uniqueName('Desk') })
    expect((await player.client.post('/v1/invitations', {})).status).toBe(201)
    const device = new HttpClient(server.url)
    expect(
      (await device.post('/v1/auth/signin', { login: player.username, password: player.password })).status,
    ).toBe(200)
  }, 60_000)
  afterAll(() => server.stop())

  it('is a JSON file to save, refused to a guest', async () => {
    const { headers } = await downloadOf(player)
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="alpha-${player.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    )
    expect(headers.get('cache-control')).toBe('no-store')
    expect((await new HttpClient(server.url).get(playerDataPath)).status).toBe(401)
  })

  it("holds the account and everything the game's own answers show of the player, and nobody else's", async () => {
    const { data } = await downloadOf(player)
    const info = (await player.client.get<AuthUser>('/v1/auth/info')).body
    expect(data.account).toMatchObject({
      id: player.user.id,
      username: player.username,
      email: player.email,
      emailConfirmedAt: null,
      signInWith: ['password'],
    })
    expect(data.sessions).toHaveLength(2)

    const lists = (await player.client.get<GroupLists>(groupsPath)).body
    expect(data.groups).toEqual([...lists.groups, ...lists.invitations])
    expect(data.groups.map((group) => group.id)).toContain(1000)
    const invitations = (await player.client.get<{ invitations: PlayerInvitation[] }>('/v1/invitations')).body
    // the codes of the sign-up and the link made since
    expect(data.invitations).toEqual(invitations.invitations)
    expect(data.invitations.length).toBeGreaterThan(player.user.invitationCodes.length)

    // the prediction, judged, as the player's own payload shows it
    expect(data.predictions).toEqual(info.taggedMessages)
    expect(data.predictions).toHaveLength(1)
    expect(data.predictions[0]?.evaluatedAt).toBeDefined()

    const polls = (await player.client.get<Poll[]>('/v1/stockgame/polls')).body
    const ownBets = polls.flatMap((poll) => poll.votes.map((vote) => ({ poll, vote })))
    expect(data.bets).toEqual(
      ownBets.map(({ poll, vote }) => ({
        ...vote,
        titleId: poll.titleId,
        evalTime: poll.evalTime,
        outcome: poll.outcome,
      })),
    )
    expect(data.bets).toHaveLength(1)

    const ledger = (
      await player.client.get<Transaction[]>(
        `/v1/stockgame/transactions/${player.user.wallet.address}?limit=100`,
      )
    ).body
    expect(data.transactions).toEqual(ledger)
    // the welcome grant and the bet at least
    expect(data.transactions.length).toBeGreaterThanOrEqual(2)

    const everyUserId = [...data.predictions, ...data.bets].map((row) => row.userId)
    expect(new Set(everyUserId)).toEqual(new Set([player.user.id]))
    expect(data.transactions.every((row) => row.receiver === player.user.wallet.address)).toBe(true)
  })

  it("is written to a file by the operator's player-data command, for a request by mail", async () => {
    const admin = adminCliOf(server)
    const file = join(mkdtempSync(join(tmpdir(), 'alpha-player-data-')), 'data.json')
    const written = await admin('player-data', player.email, file)
    expect(written.stderr).toBe('')
    expect(written.code).toBe(0)
    expect(written.stdout.trim()).toBe(`${player.username} (id ${player.user.id}): data written to ${file}`)
    const fromFile = playerDataSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    const { data } = await downloadOf(player)
    // the same file but for when it was made and when the devices were last seen
    const lasting = ({ exportedAt: _, sessions, ...rest }: PlayerData) => ({
      ...rest,
      devices: sessions.length,
    })
    expect(lasting(fromFile)).toEqual(lasting(data))

    const again = await admin('player-data', player.username, file)
    expect(again.code).toBe(2)
    expect(again.stderr).toContain(`${file} exists: nothing was written`)
    const unknown = await admin('player-data', 'nobody_here', `${file}.other`)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no player nobody_here')
    expect(existsSync(`${file}.other`)).toBe(false)
    expect((await admin('player-data', player.username)).code).toBe(2)
  })

  it('holds every prediction of years of play, newest first, across its pages', async () => {
    const veteran = await signUpPlayer(server)
    const count = 2 * playerDataPageSize + 7
    const now = server.clock.now()
    // runs of ten made in one millisecond: the pages' cut falls inside such a run
    const seeds = Array.from({ length: count }, (_, i) => ({
      userId: veteran.user.id,
      messageId: `veteran-${i}`,
      titleId: bitcoin,
      trend: 'Up' as const,
      createdAt: now - 5 * evaluationDelayMs - Math.floor(i / 10) * minute,
      correct: i % 3 === 0,
    }))
    await seedJudgedPredictions(server.ctx.db, seeds)

    const { data } = await downloadOf(veteran)
    expect(data.predictions).toHaveLength(count)
    expect(new Set(data.predictions.map((row) => row.messageId))).toEqual(
      new Set(seeds.map((seed) => seed.messageId)),
    )
    const times = data.predictions.map((row) => row.createdAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(data.predictions.every((row) => row.evaluatedAt !== undefined)).toBe(true)
  })
})

describe('the data download under the rate limits', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startRateLimitedServer('sqlite')
  })
  afterAll(() => server.stop())

  it('refuses a player further downloads with 429 and Retry-After once their budget is spent', async () => {
    const player = await signUpPlayer(server)
    const budget = heavyReadLimits.dataDownload.account
    for (let i = 0; i < budget.max; i++) expect((await player.client.get(playerDataPath)).status).toBe(200)
    const refused = await player.client.get(playerDataPath)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowSeconds(budget.timeWindow))
    // another player's budget is their own
    expect((await (await signUpPlayer(server)).client.get(playerDataPath)).status).toBe(200)
  })
})
