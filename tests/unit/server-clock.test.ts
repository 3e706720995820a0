import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServerClock } from '../../src/actors/server-clock'
import { createApiClient } from '../../src/api/client'
import { narrowOffset, offsetBoundsOf, offsetOf } from '../../src/domain/server-clock'
import { type RecordingServer, startRecordingServer } from '../support/recording-server'

const second = 1000
const at = (iso: string) => Date.parse(iso)

describe('the offset of the server clock', () => {
  it('lies between the Date second less the receipt and the next second less the sending', () => {
    const bounds = offsetBoundsOf(
      'Thu, 26 Nov 2026 12:00:00 GMT',
      at('2026-11-26T11:59:00.000Z'),
      at('2026-11-26T11:59:00.200Z'),
    )
    expect(bounds).toEqual({ low: 59_800, high: 61_000 })
    expect(offsetOf(bounds)).toBe(60_400)
  })
  it('narrows with each answer, and starts over when the bounds no longer meet (a clock jumped)', () => {
    const first = { low: 59_800, high: 61_000 }
    expect(narrowOffset(first, { low: 60_300, high: 61_400 })).toEqual({ low: 60_300, high: 61_000 })
    expect(narrowOffset(first, { low: -5_000, high: -3_900 })).toEqual({ low: -5_000, high: -3_900 })
    expect(narrowOffset(undefined, first)).toBe(first)
  })
  it('takes no offset from a missing or unreadable header, or a receipt before the sending', () => {
    expect(offsetBoundsOf(null, 0, 1)).toBeUndefined()
    expect(offsetBoundsOf('yesterday-ish', 0, 1)).toBeUndefined()
    expect(offsetBoundsOf('Thu, 26 Nov 2026 12:00:00 GMT', 10, 5)).toBeUndefined()
    expect(offsetOf(undefined)).toBe(0)
  })
})

describe('the game clock through the API client', () => {
  let server: RecordingServer
  beforeAll(async () => {
    server = await startRecordingServer()
  })
  afterAll(() => server.close())

  it("reads the server's time from its answers' Date header, errors included, whatever the device's clock says", async () => {
    const twoHours = 2 * 3600 * second
    const serverDate = () => new Date(Date.now() + twoHours).toUTCString()
    server.reply('GET /v1/stockgame/polls', () => ({
      status: 400,
      body: {},
      headers: { date: serverDate() },
    }))
    const clock = createServerClock()
    const api = createApiClient({ baseUrl: server.url, onServerDate: clock.observe })
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(second)
    await api.call('polls').catch(() => undefined)
    // within the Date header's one-second grain (and the round trip) of the server's clock
    expect(Math.abs(clock.now() - (Date.now() + twoHours))).toBeLessThanOrEqual(2 * second)
  })
})
