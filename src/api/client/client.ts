import { ofetch } from 'ofetch'
import pRetry, { AbortError } from 'p-retry'
import type { z } from 'zod'
import type { ServerTimeHeaders } from '../../domain/server-clock'
import { ApiError, toApiError } from './api-error'
import { appVersion as packageVersion } from './app-version'
import {
  apiCalls,
  type CallArgs,
  type CallDefinition,
  type CallName,
  type CallResult,
  type HttpMethod,
  pathParamNames,
} from './calls'
import { loadSchemas } from './load-schemas'

export interface ApiClientOptions {
  /** the game API root, e.g. `https://alpha.example` @default '' (same origin) */
  readonly baseUrl?: string
  /** sent as `x-app-version` @default the version in package.json */
  readonly appVersion?: string
  /** the fetch to use @default globalThis.fetch */
  readonly fetch?: typeof fetch
  /** per attempt, for calls the table gives none @default 30000 */
  readonly timeoutMs?: number
  /** told every answer's time headers with the device's times of sending and receiving (the game's clock) */
  readonly onServerTime?: (headers: ServerTimeHeaders, sentAt: number, receivedAt: number) => void
}

/** Calls a game API endpoint of `apiCalls` by name; arguments and result typed from the table. */
export type ApiCall = <N extends CallName>(
  name: N,
  ...args: object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>]
) => Promise<CallResult<N>>

export interface ApiClient {
  readonly call: ApiCall
}

const defaultRetries = 3
const idempotentMethods = new Set<HttpMethod>(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

/** 128 random bits as hex: `crypto.randomUUID` is missing outside secure contexts. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

interface LooseArgs {
  readonly params?: Readonly<Record<string, string | number>>
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
  readonly signal?: AbortSignal
  readonly timeoutMs?: number
  readonly idempotencyKey?: string
  readonly passServerErrors?: boolean
}

function resolvePath(name: string, template: string, params: LooseArgs['params'] = {}): string {
  let path = template
  for (const param of pathParamNames(template)) {
    const value = params[param]
    if (value === undefined || value === '')
      throw new TypeError(`${name}: the path parameter ${param} is missing`)
    path = path.replace(`{${param}}`, encodeURIComponent(String(value)))
  }
  return path
}

/**
 * Whether this client retries a failed attempt (at once, `retries` times). Each failure kind has one
 * retrying layer, so the attempts of one logical call add up to the spec's and never multiply:
 * - no answer (a network error; a timeout where repeating is safe): retried here, and the server-error
 *   policy passes status 0 on: a read makes 1 + 2 = 3 attempts, tag, vote and the writes of the table
 *   1 + 3 = 4;
 * - a 5xx answer under the policy (`passServerErrors`): not retried here; the policy retries it after
 *   2, 4, 8 and 16 s: 1 + 4 = 5 attempts, read or write;
 * - a 5xx answer outside the policy: retried here where it is safe to repeat: a read 3, a write the
 *   table marks safe 4, any other POST 1.
 * (Retried both here and by the policy, a 5xx made 5 × 3 = 15 attempts of a read, 5 × 4 = 20 of a vote.)
 */
function isRetriedHere(definition: CallDefinition, args: LooseArgs, failure: ApiError): boolean {
  if (failure.code === 'network_error') return true
  const safeToRepeat = definition.retryServerErrors ?? idempotentMethods.has(definition.method)
  if (!safeToRepeat) return false
  return failure.code === 'timeout' || (failure.status >= 500 && !args.passServerErrors)
}

/** The last answer of a conditional read: its validator and what it parsed to. */
interface Validated {
  readonly etag: string
  readonly data: unknown
}

const notModified = 304

/**
 * The game API client (spec §7): cookies, x-app-version, retries by the call table, typed answers.
 * Conditional reads (the state) keep their last answer per address, so a 304 resolves with it.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const validated = new Map<string, Validated>()
  const $fetch = ofetch.create(
    {
      baseURL: options.baseUrl ?? '',
      credentials: 'include',
      retry: false,
      headers: { 'x-app-version': options.appVersion ?? packageVersion, accept: 'application/json' },
    },
    options.fetch ? { fetch: options.fetch } : {},
  )

  async function attempt(
    definition: CallDefinition,
    path: string,
    args: LooseArgs,
    key: string | undefined,
    etag: string | undefined,
  ) {
    const timeoutMs = args.timeoutMs ?? definition.timeoutMs ?? options.timeoutMs ?? 30_000
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'))
    }, timeoutMs)
    const onAbort = () => controller.abort(args.signal?.reason)
    args.signal?.addEventListener('abort', onAbort, { once: true })
    const sentAt = Date.now()
    try {
      const response = await $fetch.raw<unknown>(path, {
        method: definition.method,
        // only what the table declares goes on the wire
        query: definition.query ? (args.query as Record<string, unknown>) : undefined,
        body: definition.body ? (args.body as BodyInit | Record<string, unknown>) : undefined,
        headers: { ...(key && { 'idempotency-key': key }), ...(etag && { 'if-none-match': etag }) },
        signal: controller.signal,
        // every answer, errors included, tells the server's time
        onResponse: ({ response }) => {
          const headers = {
            serverTime: response.headers.get('x-server-time'),
            date: response.headers.get('date'),
          }
          options.onServerTime?.(headers, sentAt, Date.now())
        },
      })
      return { status: response.status, data: response._data, etag: response.headers.get('etag') }
    } catch (error) {
      if (args.signal?.aborted) throw new AbortError(args.signal.reason)
      const failure = toApiError(error, timedOut)
      throw isRetriedHere(definition, args, failure) ? failure : new AbortError(failure)
    } finally {
      clearTimeout(timer)
      args.signal?.removeEventListener('abort', onAbort)
    }
  }

  const call = async (name: CallName, args: LooseArgs = {}) => {
    const definition: CallDefinition = apiCalls[name]
    const path = resolvePath(name, definition.path, args.params)
    // one key per logical call: every retry below sends the same, so the server replays its first answer
    const key = definition.idempotencyKey ? (args.idempotencyKey ?? newIdempotencyKey()) : undefined
    const address = definition.conditional ? `${path}?${JSON.stringify(args.query ?? {})}` : undefined
    const last = address === undefined ? undefined : validated.get(address)
    const { status, data, etag } = await pRetry(() => attempt(definition, path, args, key, last?.etag), {
      retries: definition.retries ?? defaultRetries,
      minTimeout: 0,
      signal: args.signal,
    })
    if (status === notModified && last) return last.data
    if (!definition.response) return undefined
    // the schemas load on the first answer to parse (a guest's boot parses none)
    const response = (await loadSchemas()).callSchemas[name] as { readonly response: z.ZodType }
    const parsed = response.response.safeParse(data)
    if (!parsed.success) {
      throw new ApiError(
        status,
        'invalid_response',
        `${name}: the answer has an unexpected shape`,
        undefined,
        {
          cause: parsed.error,
        },
      )
    }
    if (address !== undefined && etag) validated.set(address, { etag, data: parsed.data })
    return parsed.data
  }

  return Object.freeze({ call: call as ApiCall })
}
