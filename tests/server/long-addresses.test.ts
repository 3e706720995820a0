import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxUrlLength } from '../../server/http/url-length'
import { startTestServer, type TestServer } from '../support/test-server'

/**
 * A fuzzed request once met Swagger UI's redirect of `static/index.html?…` to itself, with a 15 KB
 * address in its Location: more than the client takes, so the request failed with no answer at all.
 */
describe('long addresses and the API page', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('sqlite')
  })
  afterAll(() => server.stop())

  const get = (url: string) => fetch(`${server.url}${url}`, { redirect: 'manual' })

  it('refuses an address longer than the limit with 414 in the error shape, before any route', async () => {
    const long = await get(`/v1/health?pad=${'q'.repeat(maxUrlLength)}`)
    expect(long.status).toBe(414)
    expect(await long.json()).toEqual({
      error: { code: 'uri_too_long', message: 'The address is too long.' },
    })
    const fits = await get(`/v1/health?pad=${'q'.repeat(maxUrlLength - 100)}`)
    expect(fits.status).toBe(200)
  })

  it("sends the API page's static/index.html to the page, with a query too (it redirected to itself)", async () => {
    for (const url of ['/v1/docs/static/index.html', '/v1/docs/static/index.html?a=1']) {
      const answer = await get(url)
      expect(answer.status, url).toBe(302)
      expect(answer.headers.get('location'), url).toBe('/v1/docs/')
    }
  })
})
