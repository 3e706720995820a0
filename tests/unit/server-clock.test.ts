import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServerClock } from '../../src/actors/server-clock'
import { createApiClient } from '../../src/api/client'
import { narrowOffset, offsetBoundsOf, offsetOf } from '../../src/domain/server-clock'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'

const second = 1000
const at = (iso: string) => Date.parse(iso)
const sent = at('2026-11-26T11:59:00.000Z')
const received = at('2026-11-26T11:59:00.200Z')

describe('the offset of the server clock', () => {
  it("lies between the server's time less the receipt and less the sending", () => {
    const serverTime = String(at('2026-11-26T12:00:00.100Z'))
    const bounds = offsetBoundsOf({ serverTime, date: 'Thu, 26 Nov 2026 08:00:00 GMT' }, sent, received)
    expect(bounds).toEqual({ low: 59_900, high: 60_100 })
    expect(offsetOf(bounds)).toBe(60_000)
  })
  it('takes the Date header, to the second, from a server that sends no time of its own', () => {
    const bounds = offsetBoundsOf({ date: 'Thu, 26 Nov 2026 12:00:00 GMT' }, sent, received)
    expect(bounds).toEqual({ low: 59_800, high: 61_000 })
  })
  it('narrows with each answer, and starts over when the bounds no longer meet (a clock jumped)', () => {
    const first = { low: 59_800, high: 61_000 }
    expect(narrowOffset(first, { low: 60_300, high: 61_400 })).toEqual({ low: 60_300, high: 61_000 })
    expect(narrowOffset(first, { low: -5_000, high: -3_900 })).toEqual({ low: -5_000, high: -3_900 })
    expect(narrowOffset(undefined, first)).toBe(first)
  })
  it('takes no offset from missing or unreadable headers, or a receipt before the sending', () => {
    expect(offsetBoundsOf({}, 0, 1)).toBeUndefined()
    expect(offsetBoundsOf({ serverTime: 'soon', date: 'yesterday-ish' }, 0, 1)).toBeUndefined()
    expect(offsetBoundsOf({ serverTime: '1795000000000' }, 10, 5)).toBeUndefined()
    expect(offsetOf(undefined)).toBe(0)
  })
})

describe('the game clock through the API client', () => {
  let server: RecordingServer
  beforeAll(async () => {
    server = await startRecordingServer()
  })
  afterAll(() => server.close())

  it("reads the server's time from its answers, errors included, whatever the device's clock says", async () => {
    const twoHours = 2 * 3600 * second
    server.reply('GET /v1/stockgame/polls', () => ({
      status: 400,
      body: {},
      headers: { 'x-server-time': String(Date.now() + twoHours) },
    }))
    const clock = createServerClock()
    const api = createApiClient({ baseUrl: server.url, onServerTime: clock.observe })
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(second)
    await api.call('polls').catch(() => undefined)
    // within the round trip of the server's clock
    expect(Math.abs(clock.now() - (Date.now() + twoHours))).toBeLessThanOrEqual(second)
  })
})
