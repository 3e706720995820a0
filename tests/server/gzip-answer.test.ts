import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { acceptsGzip, gzipOnce } from '../../server/http/gzip-answer'

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['deflate, GZIP', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['gzip; q=0.001', true],
    ['*', true],
    ['br, *;q=0.5', true],
  ])('takes %j', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })

  it.each([
    [undefined],
    [''],
    ['identity'],
    ['br, deflate'],
    ['gzip;q=0'],
    ['gzip; q=0.000'],
    ['*;q=0'],
    ['gzip;q=0, *'],
    ['x-gzip-ish'],
  ])('refuses %j', (header) => {
    expect(acceptsGzip(header)).toBe(false)
  })
})

describe('gzipOnce', () => {
  it('compresses a body once however often it is asked, and each body apart', async () => {
    const body = Buffer.from(JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i })) }))
    const first = gzipOnce(body)
    expect(gzipOnce(body)).toBe(first)
    expect(gunzipSync(await first).equals(body)).toBe(true)
    const other = Buffer.from(body)
    expect(gzipOnce(other)).not.toBe(first)
    expect(gunzipSync(await gzipOnce(other)).equals(body)).toBe(true)
  })
})
