import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { clientConfigFrom } from '~/actors/client-config'
import {
  createErrorReporter,
  type ErrorReport,
  reportUncaughtErrors,
  type SentryLike,
  toClientErrorBody,
} from '~/actors/error-reporting'
import type { ApiClient } from '~/api/client'
import { clientErrorBodySchema, clientErrorLimits } from '~/api/client-errors'
import { settle } from '../support/client-fixtures'

function fakeApi(fail = false) {
  const calls: { name: string; args: unknown }[] = []
  const api = {
    call: async (name: string, args: unknown) => {
      calls.push({ name, args })
      if (fail) throw new Error('server down')
    },
  } as unknown as ApiClient
  return { api, calls }
}

function fakeSentry() {
  const calls: unknown[][] = []
  const sdk: SentryLike = {
    init: (options) => calls.push(['init', options]),
    captureException: (error, hint) => calls.push(['captureException', error, hint]),
    captureMessage: (message, hint) => calls.push(['captureMessage', message, hint]),
  }
  let loads = 0
  return {
    calls,
    loads: () => loads,
    loadSentry: async () => {
      loads += 1
      return sdk
    },
  }
}

describe('error reporting without a DSN', () => {
  it('posts each report to /v1/client-errors, trimmed to what the server accepts', async () => {
    const { api, calls } = fakeApi()
    const reporter = createErrorReporter({ api, dsn: '  ' })
    const error = new TypeError('x is undefined')
    reporter.report({ message: 'Uncaught error', error, context: { route: '/polls' } })
    reporter.report({ message: 'Titles missing', level: 'warning', context: { missing: { '12': '-' } } })
    await settle()
    expect(calls).toEqual([
      {
        name: 'reportClientError',
        args: {
          body: {
            message: 'Uncaught error: x is undefined',
            stack: error.stack,
            context: { route: '/polls' },
          },
        },
      },
      {
        name: 'reportClientError',
        args: { body: { message: 'Titles missing', context: { level: 'warning', missing: { '12': '-' } } } },
      },
    ])
  })

  it('never lets a failing report throw, and sends at most the budget per minute', async () => {
    let now = 0
    const { api, calls } = fakeApi(true)
    const reporter = createErrorReporter({ api, perMinute: 3, now: () => now })
    for (let i = 0; i < 5; i++) reporter.report({ message: `e${i}` })
    await settle()
    expect(calls).toHaveLength(3)
    now = 60_000
    reporter.report({ message: 'later' })
    expect(calls).toHaveLength(4)
  })

  it('makes bodies the server schema accepts from any report', () => {
    const huge: ErrorReport = {
      message: 'm'.repeat(5000),
      error: Object.assign(new Error('e'), { stack: 's'.repeat(20_000) }),
      context: { big: 'x'.repeat(10_000) },
    }
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const deep = { a: JSON.parse(`${'['.repeat(20)}1${']'.repeat(20)}`) }
    for (const report of [
      huge,
      { message: '' },
      { message: 'c', context: cyclic },
      { message: 'd', context: deep },
      { message: 'u', error: 42 },
    ]) {
      const body = toClientErrorBody(report)
      expect(clientErrorBodySchema.safeParse(body).success, JSON.stringify(body).slice(0, 100)).toBe(true)
      expect(JSON.stringify(body).length).toBeLessThan(clientErrorLimits.bodyBytes)
    }
  })
})

describe('error reporting with a DSN', () => {
  it('loads the Sentry SDK once, initializes it with the DSN and captures errors and messages', async () => {
    const { api, calls: posted } = fakeApi()
    const sentry = fakeSentry()
    const reporter = createErrorReporter({
      api,
      dsn: 'https://key@sentry.example/1',
      release: '0.1.0',
      loadSentry: sentry.loadSentry,
    })
    const error = new Error('boom')
    reporter.report({ message: 'boom', error, context: { route: '/' } })
    reporter.report({ message: 'Titles missing', level: 'warning', context: { missing: { '12': '-' } } })
    await settle()
    expect(sentry.loads()).toBe(1)
    expect(sentry.calls).toEqual([
      ['init', { dsn: 'https://key@sentry.example/1', release: '0.1.0' }],
      ['captureException', error, { level: 'error', extra: { route: '/', message: 'boom' } }],
      ['captureMessage', 'Titles missing', { level: 'warning', extra: { missing: { '12': '-' } } }],
    ])
    expect(posted).toEqual([])
  })
})

describe('uncaught errors', () => {
  it('reports window errors and unhandled rejections while the actor runs', () => {
    const reports: ErrorReport[] = []
    const target = new EventTarget()
    const actor = createActor(
      reportUncaughtErrors({ report: (report) => reports.push(report) }, target),
    ).start()
    const error = new Error('kaput')
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: 'Uncaught Error: kaput' }))
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'nope' }))
    actor.stop()
    target.dispatchEvent(Object.assign(new Event('error'), { error, message: 'after stop' }))
    expect(reports).toEqual([
      { message: 'Uncaught Error: kaput', error },
      { message: 'nope', error: 'nope' },
    ])
  })
})

describe('the client config', () => {
  it('reads the Sentry DSN, the configured fingerprint and the API URL from VITE_ variables', () => {
    expect(
      clientConfigFrom({
        VITE_SENTRY_DSN: ' https://key@sentry.example/1 ',
        VITE_SOCKET_FINGERPRINT: 'kiosk-7',
        VITE_API_URL: '',
      }),
    ).toEqual({ sentryDsn: 'https://key@sentry.example/1', socketFingerprint: 'kiosk-7', apiUrl: undefined })
    expect(clientConfigFrom({})).toEqual({
      sentryDsn: undefined,
      socketFingerprint: undefined,
      apiUrl: undefined,
    })
  })
})
