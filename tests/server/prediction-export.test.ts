import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportPageSize } from '../../server/game/prediction-export'
import { exportFormatOf } from '../../server/http/export.routes'
import { type SignedUp, signUpPlayer } from '../support/accounts'
import { dialects } from '../support/databases'
import { HttpClient } from '../support/http-client'
import { type JudgedSeed, seedJudgedPredictions } from '../support/judged-predictions'
import { startTestServer, type TestServer } from '../support/test-server'

const hour = 3_600_000

describe('the export format by Accept', () => {
  it('is CSV by default and for text/csv or anything, JSON Lines when asked, none otherwise', () => {
    expect(exportFormatOf(undefined)).toBe('csv')
    expect(exportFormatOf('*/*')).toBe('csv')
    expect(exportFormatOf('text/csv')).toBe('csv')
    expect(exportFormatOf('application/x-ndjson')).toBe('jsonl')
    expect(exportFormatOf('text/csv;q=0.5, application/jsonl')).toBe('jsonl')
    expect(exportFormatOf('application/json')).toBeUndefined()
  })
})

describe.each(dialects)('GET /v1/stockgame/export/predictions on %s', (dialect) => {
  let server: TestServer
  let players: SignedUp[]
  // more than one keyset page
  const count = exportPageSize + 37
  beforeAll(async () => {
    server = await startTestServer(dialect)
    players = await Promise.all([signUpPlayer(server), signUpPlayer(server)])
    const start = server.clock.now() - 10 * hour
    const seeds: JudgedSeed[] = Array.from({ length: count }, (_, i) => ({
      userId: (players[i % 2] as SignedUp).user.id,
      messageId: `export-m${Math.floor(i / 2)}`,
      titleId: 5,
      trend: i % 3 === 0 ? 'Down' : 'Up',
      // the second on a message a millisecond after the first
      createdAt: start + Math.floor(i / 2) * 1000 + (i % 2),
      correct: i % 5 !== 0,
    }))
    await seedJudgedPredictions(server.ctx.db, seeds)
    // a running prediction is not exported
    await server.ctx.db
      .insertInto('taggedMessages')
      .values({
        userId: (players[0] as SignedUp).user.id,
        titleId: 6,
        messageId: 'export-running',
        trend: 'Up',
        atPrice: 1,
        createdAt: server.clock.now(),
        evaluationDueAt: server.clock.now() + 3 * hour,
        rewardFactor: 1,
      })
      .execute()
  })
  afterAll(() => server.stop())

  const fetchExport = (accept?: string) =>
    fetch(`${server.url}/v1/stockgame/export/predictions`, {
      headers: {
        cookie: [...(players[0]?.client.cookies ?? [])].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(accept ? { accept } : {}),
      },
    })

  it('streams every judged prediction once as CSV, anonymised, with the crowd before each', async () => {
    const answer = await fetchExport('text/csv')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await answer.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'titleId,messageId,createdAt,trend,atPrice,evaluatedAt,evalPrice,correct,crowdUp,crowdDown',
    )
    expect(lines).toHaveLength(count + 1)
    const rows = lines.slice(1).map((line) => line.split(','))
    expect(new Set(rows.map((row) => `${row[1]}/${row[2]}`)).size).toBe(count)
    expect(rows.some((row) => row[1] === 'export-running')).toBe(false)
    // no user ids or names anywhere
    const text = lines.join('\n')
    for (const player of players) expect(text).not.toContain(player.username)
    // export-m0: the first prediction (Down, wrong) had no crowd; the second (Up, right) one Down before it
    const [first, second] = rows
      .filter((row) => row[1] === 'export-m0')
      .sort((a, b) => Number(a[8]) + Number(a[9]) - (Number(b[8]) + Number(b[9])))
    expect(first?.slice(3)).toEqual(['Down', '99', expect.any(String), '100', 'false', '0', '0'])
    expect(second?.slice(3)).toEqual(['Up', '99', expect.any(String), '100', 'true', '0', '1'])
  })

  it('streams JSON Lines when Accept asks for them', async () => {
    const answer = await fetchExport('application/x-ndjson')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson')
    const rows = (await answer.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(rows).toHaveLength(count)
    expect(Object.keys(rows[0] ?? {})).not.toContain('userId')
    const dues = rows.map((row) => row.evaluatedAt as number)
    expect(dues).toEqual([...dues].sort((a, b) => a - b))
  })

  it('answers 406 for a format it does not offer, 401 signed out', async () => {
    const refused = await fetchExport('application/json')
    expect(refused.status).toBe(406)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_acceptable')
    expect((await new HttpClient(server.url).get('/v1/stockgame/export/predictions')).status).toBe(401)
  })
})
