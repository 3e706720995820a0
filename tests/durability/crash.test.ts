import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInvitationCodes, operatorCodeLifetimeMs } from '../../server/auth/invitations.repo'
import { connectDatabase } from '../../server/db/connect'
import type { Db } from '../../server/db/database'
import type { ServerMessage } from '../../src/api/market'
import type { Poll } from '../../src/api/polls'
import type { AuthUser } from '../../src/api/users'
import { nextPollStart } from '../../src/domain/poll-schedule'
import { HttpClient } from '../support/http-client'
import { auditMoney } from '../support/money-audit'
import { freePort, type Started, startTsx, waitForHealth } from '../support/processes'

const crypto = [99979, 99980, 99981, 99982, 99983, 99984, 99985, 99986]
const playerCount = 8
const crashes = 3

interface Player {
  user: AuthUser
  http: HttpClient
}

/**
 * Issue 7 item 3: the single-process server on SQLite (WAL, synchronous=FULL) is killed with SIGKILL
 * at a random moment while players bet and tag as fast as they can, three times over. After each
 * restart every acknowledged (200) bet and tag is in the database, every balance is the sum of its
 * ledger rows, no poll is paid twice and the money adds up.
 */
describe('SIGKILL during a load of bets and tags on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'alpha-crash-'))
  let port: number
  let url: string
  let server: Started
  let db: Db
  const players: Player[] = []
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    ALPHA_DATA_DIR: dataDir,
    ALPHA_STATIC_DIR: join(dataDir, 'dist'),
    ALPHA_SECRET: 'crash-test-secret-that-is-at-least-32-characters',
    ALPHA_TEST_CLOCK: '1',
    ALPHA_BOTS: '0',
    ALPHA_RATE_LIMITS: '0',
    ALPHA_SCRYPT_LOG_N: '10',
    ALPHA_POLL_TITLES: crypto.join(','),
    LOG_LEVEL: 'warn',
  }

  async function startServer(): Promise<void> {
    server = startTsx('server/main.ts', [], { ...env, PORT: String(port) })
    await waitForHealth(url, server, 90_000)
  }

  async function advance(advanceMs: number): Promise<number> {
    const answer = await new HttpClient(url).post<{ now: number }>('/v1/test/clock', { advanceMs })
    if (answer.status !== 200) throw new Error(`clock: ${answer.status}`)
    return answer.body.now
  }

  beforeAll(async () => {
    port = await freePort()
    url = `http://127.0.0.1:${port}`
    await startServer()
    // The test's own connection to the same file (WAL: readers and the server's writer side by side).
    db = connectDatabase({ dataDir })
    const now = await advance(0)
    const codes = await createInvitationCodes(db, {
      count: playerCount,
      ownerId: null,
      now,
      lifetimeMs: operatorCodeLifetimeMs,
    })
    for (const [i, code] of codes.entries()) {
      const http = new HttpClient(url)
      const username = `crash${process.pid % 1000}_${i}`
      const answer = await http.post<AuthUser>('/v1/auth/signup', {
        invitationCode: code,
        email: `${username}@example.test`,
        username,
        password: 'correct horse battery staple',
        acceptTerms: true,
      })
      if (answer.status !== 201) throw new Error(`sign-up: ${JSON.stringify(answer.body)}`)
      players.push({ user: answer.body, http })
    }
  }, 120_000)

  afterAll(async () => {
    server?.child.kill('SIGTERM')
    await server?.exited
    await db?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps every acknowledged bet and tag, and the money, across three crashes', async () => {
    const bets: { pollId: number; userId: number }[] = []
    const tags: { userId: number; messageId: string }[] = []
    for (let crash = 0; crash < crashes; crash++) {
      // the next poll start: new polls open, those of two starts ago fall due (settlement under load)
      const now = await advance(0)
      const at = await advance(nextPollStart(now, 'Europe/Berlin') + 60_000 - now)
      let running = true
      const load = players.map(async (player, p) => {
        const polls = await player.http.get<Poll[]>('/v1/stockgame/polls')
        const open = polls.body.filter((poll) => poll.startTime <= at && poll.endTime > at)
        const messages = await player.http.get<ServerMessage[]>('/v1/stockgame/untagged-messages')
        const betting: (() => Promise<void>)[] = [
          ...open.map((poll) => async () => {
            const body = { pollId: poll.pollId, userId: player.user.id, vote: 'up', ttcBet: 1 + (p % 3) }
            const answer = await player.http.post(`/v1/stockgame/polls/${poll.pollId}/vote`, body)
            if (answer.status === 200) bets.push({ pollId: poll.pollId, userId: player.user.id })
          }),
        ]
        const tagging: (() => Promise<void>)[] = [
          ...messages.body.flatMap((message) => {
            const mention = message.titles[0]
            if (!mention) return []
            return [
              async () => {
                const answer = await player.http.post(
                  `/v1/stockgame/tagged-messages/${encodeURIComponent(message.message_id)}/tag`,
                  {
                    userId: player.user.id,
                    titleId: mention.title_id,
                    messageId: message.message_id,
                    trend: p % 2 ? 'Up' : 'Down',
                  },
                )
                if (answer.status === 200)
                  tags.push({ userId: player.user.id, messageId: message.message_id })
              },
            ]
          }),
        ]
        // bets and tags taken in turns, so the kill lands among both
        const work = Array.from({ length: Math.max(betting.length, tagging.length) }, (_, i) => [
          betting[i],
          tagging[i],
        ]).flat()
        for (const step of work) {
          if (!step) continue
          if (!running) return
          await step()
        }
      })
      const settled = Promise.allSettled(load)
      // a random moment while the load runs: 0.3 to 1.8 s after its first acknowledged write
      const acknowledged = bets.length + tags.length
      const deadline = Date.now() + 20_000
      while (bets.length + tags.length === acknowledged && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10))
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1500))
      server.child.kill('SIGKILL')
      running = false
      await server.exited
      await settled
      await startServer()

      const votes = await db.selectFrom('votes').select(['pollId', 'userId']).execute()
      const stored = new Set(votes.map((v) => `${v.pollId}/${v.userId}`))
      expect(bets.filter((b) => !stored.has(`${b.pollId}/${b.userId}`))).toEqual([])
      const predictions = await db.selectFrom('taggedMessages').select(['userId', 'messageId']).execute()
      const tagged = new Set(predictions.map((t) => `${t.userId}/${t.messageId}`))
      expect(tags.filter((t) => !tagged.has(`${t.userId}/${t.messageId}`))).toEqual([])
      expect(await auditMoney(db)).toMatchObject({
        imbalance: 0,
        unbookedWallets: [],
        negativeBalances: 0,
        pollsPaidWrong: [],
      })
    }
    expect(bets.length).toBeGreaterThan(0)
    expect(tags.length).toBeGreaterThan(0)
    console.info(`${bets.length} bets and ${tags.length} tags acknowledged across ${crashes} crashes`)
  }, 300_000)
})
