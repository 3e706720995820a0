import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock, toPromise } from 'xstate'
import { ApiError } from '~/api/client'
import type { Notice } from '~/machines/notices'
import { serverErrorMachine } from '~/machines/server-error.machine'

/** The policy with a fake call that fails with `failures` in turn, then answers 'ok'. */
function start(failures: ApiError[], input: { maxRetries?: number } = {}) {
  const clock = new SimulatedClock()
  const seen = { calls: 0, notices: [] as Notice[], navigations: 0, reports: 0 }
  const machine = serverErrorMachine.provide({
    actors: {
      callServer: fromPromise<unknown, unknown>(async () => {
        const failure = failures[seen.calls]
        seen.calls += 1
        if (failure) throw failure
        return 'ok'
      }),
    },
    actions: {
      navigateToError: () => {
        seen.navigations += 1
      },
      notify: (_, notice) => {
        seen.notices.push(notice)
      },
      reportServerError: () => {
        seen.reports += 1
      },
    },
  })
  const actor = createActor(machine, { input: { request: 'r', ...input }, clock }).start()
  return { actor, clock, seen }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))
const status = (code: number) => new ApiError(code, `http_${code}`, 'failed')

describe('the server-error policy', () => {
  it('passes a failure below 500 on at once', async () => {
    for (const code of [0, 404, 499]) {
      const { actor, seen } = start([status(code)])
      expect(await toPromise(actor)).toEqual({ ok: false, error: status(code) })
      expect(seen).toEqual({ calls: 1, notices: [], navigations: 0, reports: 0 })
    }
  })

  it('retries 5xx after 2, 4, 8 and 16 s, then gives up with the spec notice', async () => {
    const { actor, clock, seen } = start([500, 502, 503, 504, 500].map(status))
    await settle()
    for (const seconds of [2, 4, 8, 16]) {
      expect(actor.getSnapshot().value).toBe('waiting')
      clock.increment(seconds * 1000 - 1)
      await settle()
      expect(seen.calls, `not before ${seconds} s`).toBe(Math.log2(seconds))
      clock.increment(1)
      await settle()
    }
    expect(await toPromise(actor)).toEqual({ ok: false, error: status(500) })
    expect(seen.calls).toBe(5)
    expect(seen.navigations).toBe(5)
    expect(seen.reports).toBe(5)
    expect(seen.notices.map((notice) => notice.caption ?? notice.message)).toEqual([
      'Retry starting in 2 seconds...',
      'Retry starting in 4 seconds...',
      'Retry starting in 8 seconds...',
      'Retry starting in 16 seconds...',
      'For the 5th time - no more retries!',
    ])
    expect(seen.notices[0]).toEqual({
      kind: 'negative',
      message: 'Error fetching data from server!',
      caption: 'Retry starting in 2 seconds...',
      timeoutMs: 2000,
      countdown: true,
      key: 'server_error',
    })
  })

  it('resolves with the answer of a later attempt', async () => {
    const { actor, clock, seen } = start([status(503)])
    await settle()
    clock.increment(2000)
    expect(await toPromise(actor)).toEqual({ ok: true, data: 'ok' })
    expect(seen.calls).toBe(2)
  })

  it('passes on a failure below 500 that follows a 5xx', async () => {
    const { actor, clock } = start([status(503), status(401)])
    await settle()
    clock.increment(2000)
    expect(await toPromise(actor)).toEqual({ ok: false, error: status(401) })
  })

  it('takes another retry limit', async () => {
    const { actor, seen } = start([status(500)], { maxRetries: 0 })
    expect(await toPromise(actor)).toEqual({ ok: false, error: status(500) })
    expect(seen.notices).toEqual([
      { kind: 'negative', message: 'For the 1th time - no more retries!', key: 'server_error' },
    ])
  })
})
