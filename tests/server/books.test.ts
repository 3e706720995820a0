import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { genesisHash, ledgerRowHash, settlementHash } from '../../server/game/books-hash'
import { evaluateDuePredictions } from '../../server/game/evaluate-predictions'
import { sealLedger } from '../../server/game/ledger-seal'
import { verifyLedger } from '../../server/game/verify-ledger'
import type { Poll, PollSettlement } from '../../src/api/polls'
import { evaluationDelayMs } from '../../src/domain/prediction'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { bet } from '../support/game'
import { advanceTo, bitcoin, openNextPoll, PricedMarket, pricedMarket } from '../support/polls'
import { runTsx } from '../support/processes'
import { startTestServer, type TestServer } from '../support/test-server'

/** Issue 20.4: settlement records with their prices, the sealed ledger chain and verify-ledger. */
describe.each(dialects)('books anyone can check on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]
  let settled: Poll

  const db = () => server.ctx.db
  const cli = () =>
    runTsx('server/admin.ts', ['verify-ledger'], {
      ALPHA_DATA_DIR: server.dataDir,
      LOG_LEVEL: 'warn',
      ...(server.ctx.config.databaseUrl ? { DATABASE_URL: server.ctx.config.databaseUrl } : {}),
    })
  /** Seals everything written so far (past PostgreSQL's margin for late commits). */
  const sealAll = () => sealLedger(db(), server.clock.now() + 60_000)

  const openPoll = () => openNextPoll(server, players[0] as SignedUp)

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { ALPHA_POLL_TITLES: String(bitcoin) },
      market: (simulated) => new PricedMarket(simulated),
    })
    players = []
    for (let i = 0; i < 3; i++) players.push(await signUpPlayer(server))
    const [a, b, c] = players as [SignedUp, SignedUp, SignedUp]
    settled = await openPoll()
    await bet(a, settled, 'up', 10)
    await bet(b, settled, 'up', 20)
    await bet(c, settled, 'down', 3.33)
    pricedMarket(server).setPrice(bitcoin, settled.evalTime, settled.priceBase * 1.01)
    await advanceTo(server, settled.evalTime + 1000)
  })
  afterAll(() => server.stop())

  it("records a poll's settlement with its price snapshot, stakes and payouts, chained", async () => {
    const record = await db()
      .selectFrom('settlements')
      .selectAll()
      .where('reference', '=', `poll:${settled.pollId}`)
      .executeTakeFirstOrThrow()
    expect(record).toMatchObject({ kind: 'poll', priceSource: 'simulation' })
    expect(Number(record.priceTime)).toBe(settled.evalTime)
    expect(JSON.parse(record.prices)).toEqual({
      titleId: bitcoin,
      priceBase: settled.priceBase,
      evalPrice: settled.priceBase * 1.01,
    })
    expect(Number(record.stakes)).toBe(33_33)
    expect(Number(record.payouts)).toBe(33_33)
    const summary = JSON.parse(record.summary)
    expect(summary.outcome).toBe('up')
    expect(summary.stakes).toEqual({ up: 30_00, flat: 0, down: 3_33 })
    // the payouts in the record are the poll's ledger rows
    const payments = await db()
      .selectFrom('ledger')
      .select(['walletAddress as wallet', 'amount'])
      .where('type', '=', 'payment')
      .where('reference', '=', `poll:${settled.pollId}`)
      .orderBy('walletAddress')
      .execute()
    expect(summary.payouts).toEqual(payments.map((p) => ({ wallet: p.wallet, amount: Number(p.amount) })))
    // every record links to the one before it
    const chain = await db().selectFrom('settlements').selectAll().orderBy('id').execute()
    let previous = genesisHash
    for (const link of chain) {
      expect(link.prevHash).toBe(previous)
      expect(link.hash).toBe(settlementHash(previous, link))
      previous = link.hash
    }
  })

  it('records an evaluation batch with the prices it used and what it credited', async () => {
    const [a] = players as [SignedUp]
    const createdAt = server.clock.now() - evaluationDelayMs - 120_000
    await db()
      .insertInto('taggedMessages')
      .values({
        userId: a.user.id,
        titleId: 2494,
        messageId: 'books-m1',
        trend: 'Up',
        atPrice: 100,
        createdAt,
        evaluationDueAt: createdAt + evaluationDelayMs,
        rewardFactor: 1,
      })
      .execute()
    const market = { priceAt: async () => 101 }
    const result = await evaluateDuePredictions(
      { db: db(), market, priceSource: 'test-feed' },
      server.clock.now(),
    )
    expect(result.evaluated).toBe(1)
    const record = await db()
      .selectFrom('settlements')
      .selectAll()
      .where('kind', '=', 'evaluation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(record.priceSource).toBe('test-feed')
    expect(record.reference).toMatch(/^window:\d+-\d+$/)
    const dueMinute = createdAt + evaluationDelayMs - ((createdAt + evaluationDelayMs) % 60_000)
    expect(JSON.parse(record.prices)).toContainEqual([2494, dueMinute, 101])
    expect(Number(record.payouts)).toBe(result.creditedHundredths)
    expect(result.creditedHundredths).toBeGreaterThan(0)
    expect(JSON.parse(record.summary)).toMatchObject({ evaluated: 1, credits: 1 })

    // a key the market could not price yet is recorded when a later run prices it (runs at `runAt`,
    // past the evaluated progress)
    const later = server.clock.now() - evaluationDelayMs + 30_000
    const runAt = server.clock.now() + 120_000
    await db()
      .insertInto('taggedMessages')
      .values({
        userId: a.user.id,
        titleId: 2494,
        messageId: 'books-m2',
        trend: 'Down',
        atPrice: 100,
        createdAt: later,
        evaluationDueAt: later + evaluationDelayMs,
        rewardFactor: 1,
      })
      .execute()
    const noPrice = { priceAt: async () => undefined }
    expect((await evaluateDuePredictions({ db: db(), market: noPrice }, runAt)).evaluated).toBe(0)
    const priced = await evaluateDuePredictions({ db: db(), market, priceSource: 'test-feed' }, runAt)
    expect(priced.evaluated).toBe(1)
    const pending = await db()
      .selectFrom('settlements')
      .selectAll()
      .where('kind', '=', 'evaluation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const laterMinute = later + evaluationDelayMs - ((later + evaluationDelayMs) % 60_000)
    expect(pending.reference).toBe(`pending:2494:${laterMinute}`)
    expect(JSON.parse(pending.prices)).toEqual([[2494, laterMinute, 101]])
    // a Down call on a rise earns nothing
    expect(Number(pending.payouts)).toBe(0)
  })

  it("seals the ledger rows in id order, each hash over the one before and the row's fields", async () => {
    // the ledger-seal job ran with the other jobs as the clock moved: the sign-ups' grants are sealed
    const byJob = await db().selectFrom('ledgerSeal').selectAll().executeTakeFirstOrThrow()
    const firstGrant = await db()
      .selectFrom('ledger')
      .select(['id', 'chainHash'])
      .where('type', '=', 'grant')
      .orderBy('id')
      .executeTakeFirstOrThrow()
    expect(Number(byJob.sealedTo)).toBeGreaterThanOrEqual(Number(firstGrant.id))
    expect(firstGrant.chainHash).toMatch(/^[0-9a-f]{64}$/)
    // rows written after the job's last pass wait (the payments: settlement runs after it in a pass, and
    // the evaluation's credit); a bounded slice seals one of them
    const unsealed = await db().selectFrom('ledger').select('id').where('chainHash', 'is', null).execute()
    expect(unsealed.length).toBeGreaterThan(0)
    expect(await sealLedger(db(), server.clock.now() + 60_000, { sliceRows: 1, slices: 1 })).toBe(1)
    await sealAll()
    const rows = await db().selectFrom('ledger').selectAll().orderBy('id').execute()
    expect(rows.length).toBeGreaterThan(5)
    let previous = genesisHash
    for (const row of rows) {
      expect(row.chainHash).toBe(ledgerRowHash(previous, row))
      previous = row.chainHash as string
    }
    const head = await db().selectFrom('ledgerSeal').selectAll().executeTakeFirstOrThrow()
    expect(Number(head.sealedTo)).toBe(Number(rows.at(-1)?.id))
    expect(head.headHash).toBe(previous)
    // a row written later waits for the next seal; sealing again changes nothing sealed before
    expect(await sealAll()).toBe(0)
  })

  it('verify-ledger says "ledger verified" with the counts and exits 0 on a clean game', async () => {
    await sealAll()
    const verdict = await verifyLedger(db())
    expect(verdict.ok).toBe(true)
    const rows = await db().selectFrom('ledger').select('id').execute()
    const wallets = await db().selectFrom('wallets').select('address').execute()
    const settlements = await db().selectFrom('settlements').select('id').execute()
    if (!verdict.ok) throw new Error(verdict.mismatch)
    expect(verdict.counts).toEqual({
      rows: rows.length,
      sealed: rows.length,
      settlements: settlements.length,
      wallets: wallets.length,
    })
    const run = await cli()
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe(
      `ledger verified: ${rows.length} ledger rows (${rows.length} sealed), ${settlements.length} settlements, ${wallets.length} wallets`,
    )
    expect(run.code).toBe(0)
  })

  it('verify-ledger names a ledger row whose amount was changed in the database, and exits 1', async () => {
    await sealAll()
    const row = await db()
      .selectFrom('ledger')
      .select(['id', 'amount'])
      .where('reference', '=', `poll:${settled.pollId}`)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('ledger')
      .set({ amount: Number(row.amount) + 1 })
      .where('id', '=', row.id)
      .execute()
    try {
      const run = await cli()
      expect(run.stdout).toContain(`ledger row ${row.id}:`)
      expect(run.code).toBe(1)
    } finally {
      await db().updateTable('ledger').set({ amount: row.amount }).where('id', '=', row.id).execute()
    }
    expect((await verifyLedger(db())).ok).toBe(true)
  })

  it('names a wallet whose balance changed without a ledger row, and a changed settlement record', async () => {
    const [a] = players as [SignedUp]
    const wallet = await db()
      .selectFrom('wallets')
      .select(['address', 'balance'])
      .where('userId', '=', a.user.id)
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('wallets')
      .set({ balance: Number(wallet.balance) + 500 })
      .where('address', '=', wallet.address)
      .execute()
    try {
      expect(await verifyLedger(db())).toEqual({
        ok: false,
        mismatch: expect.stringContaining(`wallet ${wallet.address}:`),
      })
      const run = await cli()
      expect(run.stdout).toContain(`wallet ${wallet.address}:`)
      expect(run.code).toBe(1)
    } finally {
      await db()
        .updateTable('wallets')
        .set({ balance: wallet.balance })
        .where('address', '=', wallet.address)
        .execute()
    }

    const record = await db()
      .selectFrom('settlements')
      .select(['id', 'payouts'])
      .where('reference', '=', `poll:${settled.pollId}`)
      .executeTakeFirstOrThrow()
    await db().updateTable('settlements').set({ payouts: 1 }).where('id', '=', record.id).execute()
    try {
      expect(await verifyLedger(db())).toEqual({
        ok: false,
        mismatch: expect.stringContaining(`settlement ${record.id} `),
      })
    } finally {
      await db()
        .updateTable('settlements')
        .set({ payouts: record.payouts })
        .where('id', '=', record.id)
        .execute()
    }
    expect((await verifyLedger(db())).ok).toBe(true)
  })

  it('names an unsealed row below the sealed head (a late commit) and a sealed row with a changed reference', async () => {
    await sealAll()
    const [first, second] = await db().selectFrom('ledger').selectAll().orderBy('id').limit(2).execute()
    if (!first || !second) throw new Error('no ledger rows')
    await db().updateTable('ledger').set({ chainHash: null }).where('id', '=', first.id).execute()
    try {
      expect(await verifyLedger(db())).toEqual({
        ok: false,
        mismatch: expect.stringContaining(`ledger row ${first.id} is not sealed`),
      })
    } finally {
      await db()
        .updateTable('ledger')
        .set({ chainHash: first.chainHash })
        .where('id', '=', first.id)
        .execute()
    }
    // any field of a sealed row, not only its amount
    await db().updateTable('ledger').set({ reference: 'altered' }).where('id', '=', second.id).execute()
    try {
      expect(await verifyLedger(db())).toEqual({
        ok: false,
        mismatch: expect.stringContaining(`ledger row ${second.id}:`),
      })
    } finally {
      await db()
        .updateTable('ledger')
        .set({ reference: second.reference })
        .where('id', '=', second.id)
        .execute()
    }
    expect((await verifyLedger(db())).ok).toBe(true)
  })

  it("shows a settled poll's books; 409 before settlement, 404 for an unknown poll", async () => {
    const [a, b] = players as [SignedUp, SignedUp]
    const answer = await b.client.get<PollSettlement>(`/v1/stockgame/polls/${settled.pollId}/settlement`)
    expect(answer.status).toBe(200)
    const record = await db()
      .selectFrom('settlements')
      .select(['id', 'hash', 'prevHash'])
      .where('reference', '=', `poll:${settled.pollId}`)
      .executeTakeFirstOrThrow()
    expect(answer.body).toEqual({
      pollId: settled.pollId,
      titleId: bitcoin,
      outcome: 'up',
      settledAt: expect.any(Number),
      price: {
        source: 'simulation',
        time: settled.evalTime,
        base: settled.priceBase,
        value: settled.priceBase * 1.01,
      },
      stakes: { up: 30, flat: 0, down: 3.33, total: 33.33 },
      payouts: [
        { ttc: 22.22, bank: false },
        { ttc: 11.11, bank: false },
      ],
      ttcPaid: 33.33,
      settlementId: Number(record.id),
      prevHash: record.prevHash,
      hash: record.hash,
    })

    const open = await openPoll()
    await bet(a, open, 'flat', 1)
    const early = await a.client.get<{ error: { code: string } }>(
      `/v1/stockgame/polls/${open.pollId}/settlement`,
    )
    expect(early.status).toBe(409)
    expect(early.body.error.code).toBe('poll_not_settled')
    const unknown = await a.client.get<{ error: { code: string } }>('/v1/stockgame/polls/999999/settlement')
    expect(unknown.status).toBe(404)
  })
})
