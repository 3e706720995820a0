import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandling } from '../../server/http/error-handler'

/**
 * The error handler's shape for errors that are not the app's own: a plugin's or Fastify's 4xx keeps the
 * headers that come with it (as Fastify's default handler sends them), an unexpected failure reveals
 * nothing. The app's errors and validation: input-validation.test.ts; a real plugin's 416:
 * spa-and-health.test.ts.
 */
describe('error handler', () => {
  const app = Fastify()
  beforeAll(async () => {
    registerErrorHandling(app)
    const failWith = (statusCode: number, code?: string) => () => {
      throw Object.assign(new Error('What the library said'), {
        statusCode,
        code,
        headers: { 'retry-after': '7', 'x-library-header': 'kept' },
      })
    }
    app.get('/conflict', failWith(409, 'FST_SOMETHING'))
    app.get('/range', failWith(416))
    app.get('/broken', failWith(503))
    await app.ready()
  })
  afterAll(() => app.close())

  it("keeps a library 4xx's headers, and names it by its code or else by its status", async () => {
    const conflict = await app.inject('/conflict')
    expect(conflict.statusCode).toBe(409)
    expect(conflict.headers['retry-after']).toBe('7')
    expect(conflict.headers['x-library-header']).toBe('kept')
    expect(conflict.json()).toEqual({ error: { code: 'fst_something', message: 'What the library said' } })
    const range = await app.inject('/range')
    expect(range.statusCode).toBe(416)
    expect(range.headers['x-library-header']).toBe('kept')
    expect(range.json().error.code).toBe('range_not_satisfiable')
  })

  it("answers a 5xx with the 500 that reveals nothing, without the error's headers", async () => {
    const broken = await app.inject('/broken')
    expect(broken.statusCode).toBe(500)
    expect(broken.headers['x-library-header']).toBeUndefined()
    expect(broken.json()).toEqual({
      error: { code: 'internal_error', message: 'Oops! Something went wrong' },
    })
  })
})
