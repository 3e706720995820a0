import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readGroupVersions } from '../../server/game/game-version'
import { readOwnBets } from '../../server/game/own-bets'
import { defaultGroupId } from '../../src/api/groups'
import type { Poll } from '../../src/api/polls'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bet } from '../support/game'
import { openNextPoll } from '../support/polls'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * The state's bets of its caller: read as a column of the versions' statement, or alone when the poll
 * list reaches further back than the versions read them. Both spell the same rows, on each dialect.
 */
describe.each(dialects)("a player's own bets on %s", (dialect) => {
  let server: TestServer
  let better: SignedUp
  let idle: SignedUp
  let poll: Poll

  beforeAll(async () => {
    server = await startTestServer(dialect)
    better = await signUpPlayer(server)
    idle = await signUpPlayer(server)
    poll = await openNextPoll(server, better)
    await bet(better, poll, 'down', 12.5)
  })
  afterAll(() => server.stop())

  it('reads the bets from a poll on, in hundredths, alone and with the versions alike', async () => {
    const alone = await readOwnBets(server.ctx.db, better.user.id, poll.pollId)
    expect(alone).toEqual([
      { pollId: poll.pollId, vote: 'down', ttcBet: 1250, createdAt: expect.any(Number), payout: null },
    ])
    const withVersions = await readGroupVersions(server.ctx.db, [defaultGroupId], better.user.id, poll.pollId)
    expect(withVersions.bets).toEqual(alone)
  })

  it('reads none from a later poll on, nor of a player who made none', async () => {
    expect(await readOwnBets(server.ctx.db, better.user.id, poll.pollId + 1)).toEqual([])
    expect(await readOwnBets(server.ctx.db, idle.user.id, 0)).toEqual([])
    const withVersions = await readGroupVersions(server.ctx.db, [defaultGroupId], idle.user.id, 0)
    expect(withVersions.bets).toEqual([])
  })

  it('reads none with the versions unless asked to', async () => {
    const plain = await readGroupVersions(server.ctx.db, [defaultGroupId], better.user.id)
    expect(plain.bets).toBeUndefined()
  })
})
