import { fromCallback } from 'xstate'
import type { ApiClient } from '../api/client'
import { clientErrorLimits, isSmallJson } from '../api/client-error-limits'
import type { ClientErrorBody } from '../api/client-errors'

/** One thing to report: an error, or a message (the spec's reports: missing ticks, missing titles). */
export interface ErrorReport {
  readonly message: string
  readonly error?: unknown
  /** small JSON: what the app was doing */
  readonly context?: Readonly<Record<string, unknown>>
  /** @default 'error' */
  readonly level?: 'error' | 'warning'
}

/** Where errors go (spec §8: "Errors are also sent to an error-reporting service"). */
export interface ErrorReporter {
  report(report: ErrorReport): void
}

/** The part of `@sentry/browser` the reporter uses. */
export interface SentryLike {
  init(options: { dsn: string; release?: string; environment?: string }): unknown
  captureException(
    error: unknown,
    hint?: { level?: 'error' | 'warning'; extra?: Record<string, unknown> },
  ): unknown
  captureMessage(
    message: string,
    hint?: { level?: 'error' | 'warning'; extra?: Record<string, unknown> },
  ): unknown
}

export interface ErrorReporterOptions {
  /** the Sentry DSN (VITE_SENTRY_DSN); without one, reports go to `POST /v1/client-errors` */
  readonly dsn?: string
  readonly api: ApiClient
  readonly release?: string
  /** loads the Sentry SDK; a dynamic import, so the bundle carries it only for builds that use it */
  readonly loadSentry?: () => Promise<SentryLike>
  /** reports sent to the server per minute at most; the rest is dropped @default 20 */
  readonly perMinute?: number
  readonly now?: () => number
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** The context as JSON the server accepts: serializable and small, else a note that it was not. */
export function toReportContext(context: ErrorReport['context']): ClientErrorBody['context'] {
  if (!context) return undefined
  try {
    const json = JSON.stringify(context)
    const parsed = JSON.parse(json) as Record<string, unknown>
    if (isSmallJson(parsed)) return parsed as ClientErrorBody['context']
    return { truncated: truncate(json, clientErrorLimits.contextChars - 100) }
  } catch {
    return { unserializable: true }
  }
}

/** A report as the body of `POST /v1/client-errors`, trimmed to the server's limits. */
export function toClientErrorBody(report: ErrorReport): ClientErrorBody {
  const error = report.error instanceof Error ? report.error : undefined
  const detail = error && error.message !== report.message ? `: ${error.message}` : ''
  const message = truncate(
    `${report.message}${detail}`.trim() || 'Unknown error',
    clientErrorLimits.messageChars,
  )
  const stack = error?.stack ? truncate(error.stack, clientErrorLimits.stackChars) : undefined
  const context = toReportContext({
    ...(report.level === 'warning' ? { level: 'warning' } : {}),
    ...report.context,
  })
  return {
    message,
    ...(stack ? { stack } : {}),
    ...(context && Object.keys(context).length > 0 ? { context } : {}),
  }
}

/** Reports to the game server; drops reports past the budget, never throws, never retries. */
export function serverErrorReporter(
  options: Pick<ErrorReporterOptions, 'api' | 'perMinute' | 'now'>,
): ErrorReporter {
  const perMinute = options.perMinute ?? 20
  const now = options.now ?? Date.now
  let windowStart = Number.NEGATIVE_INFINITY
  let sent = 0
  return {
    report(report) {
      const at = now()
      if (at - windowStart >= 60_000) {
        windowStart = at
        sent = 0
      }
      if (sent >= perMinute) return
      sent += 1
      options.api.call('reportClientError', { body: toClientErrorBody(report) }).catch(() => {})
    },
  }
}

/** Reports to Sentry, loading the SDK on first use; reports made while it loads are sent once it is in. */
export function sentryErrorReporter(
  options: Required<Pick<ErrorReporterOptions, 'dsn' | 'loadSentry'>> & Pick<ErrorReporterOptions, 'release'>,
): ErrorReporter {
  let sentry: Promise<SentryLike | undefined> | undefined
  const load = () => {
    sentry ??= options
      .loadSentry()
      .then((sdk) => {
        sdk.init({ dsn: options.dsn, ...(options.release ? { release: options.release } : {}) })
        return sdk
      })
      .catch(() => undefined)
    return sentry
  }
  return {
    report({ message, error, context, level = 'error' }) {
      void load().then((sdk) => {
        if (!sdk) return
        const extra = { ...context, message }
        if (error !== undefined) sdk.captureException(error, { level, extra })
        else sdk.captureMessage(message, { level, extra: context ? { ...context } : undefined })
      })
    },
  }
}

/** Sentry when a DSN is configured, otherwise the game server's `POST /v1/client-errors`. */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const dsn = options.dsn?.trim()
  if (!dsn) return serverErrorReporter(options)
  return sentryErrorReporter({
    dsn,
    release: options.release,
    loadSentry: options.loadSentry ?? (() => import('@sentry/browser') as Promise<SentryLike>),
  })
}

/** The window's uncaught errors and unhandled rejections, reported while the actor runs. */
export const reportUncaughtErrors = (reporter: ErrorReporter, target: EventTarget = globalThis) =>
  fromCallback(() => {
    const onError = (event: Event) => {
      const { error, message } = event as ErrorEvent
      reporter.report({ message: message || String(error), error })
    }
    const onRejection = (event: Event) => {
      const { reason } = event as PromiseRejectionEvent
      reporter.report({ message: reason instanceof Error ? reason.message : String(reason), error: reason })
    }
    target.addEventListener('error', onError)
    target.addEventListener('unhandledrejection', onRejection)
    return () => {
      target.removeEventListener('error', onError)
      target.removeEventListener('unhandledrejection', onRejection)
    }
  })
