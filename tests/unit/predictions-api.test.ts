import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TaggedMessageRow } from '../../server/db/tables/tagged-messages.table'
import { toTaggedMessage } from '../../server/game/predictions'
import { tagBodySchema, taggedMessageSchema, tagParamsSchema } from '../../src/api/predictions'
import { transactionsQuerySchema, walletParamsSchema } from '../../src/api/transactions'
import { toHundredths } from '../../src/domain/currency'
import { rewardFactorFor } from '../../src/domain/reward-factor'

const body = { userId: 7, titleId: 2494, messageId: 'k3x9-1a2b', trend: 'Up' }

describe('tag body', () => {
  it('reads the trend in either spelling and keeps it as Up or Down', () => {
    expect(tagBodySchema.parse({ ...body, trend: 'up' }).trend).toBe('Up')
    expect(tagBodySchema.parse({ ...body, trend: 'Down' }).trend).toBe('Down')
    expect(tagBodySchema.parse({ ...body, trend: 'down' }).trend).toBe('Down')
    for (const trend of ['flat', 'UP', '', 1, null])
      expect(tagBodySchema.safeParse({ ...body, trend }).success).toBe(false)
  })

  it('accepts the client copy of a tagged message and ignores what the server decides', () => {
    const parsed = tagBodySchema.parse({
      ...body,
      atPrice: 1,
      evalPrice: null,
      evaluatedAt: null,
      createdAt: 5,
      rewardFactor: 0.5,
    })
    expect(parsed).toMatchObject(body)
  })

  it('refuses unknown fields, bad ids and message ids that are not visible ASCII', () => {
    expect(tagBodySchema.safeParse({ ...body, extra: 1 }).success).toBe(false)
    for (const titleId of [0, -1, 1.5, 2 ** 31, '2494'])
      expect(tagBodySchema.safeParse({ ...body, titleId }).success).toBe(false)
    for (const messageId of ['', 'a b', 'a\u0000', 'x'.repeat(129), 'ü'])
      expect(tagParamsSchema.safeParse({ messageId }).success).toBe(false)
    expect(tagParamsSchema.safeParse({ messageId: 'k3x9-1a2b' }).success).toBe(true)
  })
})

describe('tagged message on the wire', () => {
  const row: TaggedMessageRow = {
    userId: 7,
    titleId: 2494,
    messageId: 'm1',
    trend: 'Down',
    atPrice: 101.25,
    evalPrice: null,
    evaluatedAt: null,
    createdAt: 1000,
    evaluationDueAt: 1000 + 3 * 3600_000,
    rewardFactor: 20 / 21,
  }

  it('leaves evalPrice and evaluatedAt out while running', () => {
    const running = toTaggedMessage(row)
    expect(running).toEqual({
      userId: 7,
      titleId: 2494,
      messageId: 'm1',
      trend: 'Down',
      atPrice: 101.25,
      createdAt: 1000,
      rewardFactor: 20 / 21,
    })
    expect(taggedMessageSchema.parse(running)).toEqual(running)
  })

  it('carries them once evaluated', () => {
    const done = toTaggedMessage({ ...row, evalPrice: 100, evaluatedAt: row.evaluationDueAt })
    expect(done).toMatchObject({ evalPrice: 100, evaluatedAt: row.evaluationDueAt })
  })
})

describe('transactions query', () => {
  it('pages 50 by default, at most 100', () => {
    expect(transactionsQuerySchema.parse({})).toEqual({ limit: 50 })
    expect(transactionsQuerySchema.parse({ limit: '100', before: '17' })).toEqual({ limit: 100, before: 17 })
    for (const query of [
      { limit: '0' },
      { limit: '101' },
      { limit: 'x' },
      { before: '-1' },
      { before: '1e309' },
      { page: '2' },
    ])
      expect(transactionsQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false)
  })

  it('takes wallet addresses of visible ASCII only', () => {
    expect(walletParamsSchema.safeParse({ walletAddress: `0x${'a'.repeat(40)}` }).success).toBe(true)
    for (const walletAddress of ['', 'a b', 'a\u0000b'])
      expect(walletParamsSchema.safeParse({ walletAddress }).success).toBe(false)
  })
})

describe('credit rounding', () => {
  it('floor(x * 100 + 0.5), what the evaluation SQL computes, equals toHundredths for every reward factor', () => {
    for (let running = 0; running < 200_000; running++) {
      const factor = rewardFactorFor(running)
      expect(Math.floor(factor * 100 + 0.5)).toBe(toHundredths(factor))
    }
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (factor) => {
        expect(Math.floor(factor * 100 + 0.5)).toBe(toHundredths(factor))
      }),
    )
  })
})
