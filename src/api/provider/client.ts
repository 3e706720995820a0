import { FetchError, ofetch } from 'ofetch'
import pRetry, { AbortError } from 'p-retry'
import { authParts, checkAuth, type ProviderAuth } from './auth'
import { type ProviderEndpointName, providerEndpoints } from './endpoints'
import { ProviderRequestError, ProviderResponseError } from './errors'
import { type PreparedRequest, prepareRequest, type QueryArrayFormat } from './request'
import type { AllOptional, CallOptions, EndpointArgs, ProviderMethods } from './types'

export interface ProviderClientOptions {
  /** the provider's versioned base URL, e.g. `https://provider.example/v2` */
  readonly baseUrl: string
  readonly auth?: ProviderAuth
  /** the fetch to use (tests, proxies) @default globalThis.fetch */
  readonly fetch?: typeof fetch
  /** per attempt; a timed-out attempt counts as a network error of that attempt @default 30000 */
  readonly timeoutMs?: number
  /**
   * retries after the first attempt, without delay (spec §7 "Retry behaviour"): on network errors for
   * every method, on 5xx answers and timeouts only for idempotent methods (GET, DELETE)
   * @default 3
   */
  readonly retries?: number
  /** how lists in the query are sent @default 'comma' */
  readonly queryArrays?: QueryArrayFormat
  /** extra headers on every request (e.g. user-agent) */
  readonly headers?: Readonly<Record<string, string>>
}

type CallArgs<N extends ProviderEndpointName, T> = EndpointArgs<N> & CallOptions<T>

/** What `call` receives at run time, before the table's checks. */
interface LooseArgs extends CallOptions<unknown> {
  readonly path?: Readonly<Record<string, unknown>>
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
}

/** Calls any endpoint of the table by name; the per-endpoint methods are this with the name bound. */
export type ProviderCall = <N extends ProviderEndpointName, T = unknown>(
  name: N,
  ...args: AllOptional<EndpointArgs<N>> extends true ? [args?: CallArgs<N, T>] : [args: CallArgs<N, T>]
) => Promise<T>

export type ProviderClient = ProviderMethods & { readonly call: ProviderCall }

const idempotent = new Set(['GET', 'DELETE'])

const toQueryString = (pairs: readonly [string, string][]) =>
  pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`

/** The typed client of the market-data provider API: one method per entry of `providerEndpoints`. */
export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const base = new URL(options.baseUrl)
  if (base.search || base.hash) throw new TypeError('The provider base URL cannot carry a query or fragment')
  const baseUrl = base.href.replace(/\/+$/, '')
  if (options.auth) checkAuth(options.auth)
  const timeoutMs = options.timeoutMs ?? 30_000
  const $fetch = ofetch.create(
    { retry: false, headers: options.headers },
    options.fetch ? { fetch: options.fetch } : {},
  )

  async function send(name: string, request: PreparedRequest, signal: AbortSignal | undefined) {
    const auth = await authParts(options.auth).catch((error: unknown) => {
      throw new AbortError(error instanceof Error ? error : new Error(String(error)))
    })
    const url = `${baseUrl}${request.path}${toQueryString([...request.query, ...auth.query])}`
    // never put an API key in an error message
    const shownUrl = `${baseUrl}${request.path}${toQueryString(request.query)}`
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'))
    }, timeoutMs)
    const onAbort = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    const hasBody = request.body !== undefined
    try {
      return await $fetch<unknown>(url, {
        method: request.method,
        headers: hasBody ? { ...auth.headers, 'content-type': 'application/json' } : auth.headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
        signal: controller.signal,
      })
    } catch (error) {
      if (signal?.aborted) throw new AbortError(signal.reason)
      const status = error instanceof FetchError ? error.response?.status : undefined
      const data = error instanceof FetchError ? error.data : undefined
      const failure = new ProviderRequestError(name, request.method, shownUrl, status, data, { cause: error })
      const canRepeat = idempotent.has(request.method)
      const retryable = status === undefined ? !timedOut || canRepeat : status >= 500 && canRepeat
      throw retryable ? failure : new AbortError(failure)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  const call = async (name: ProviderEndpointName, args: LooseArgs = {}) => {
    const request = prepareRequest(name, providerEndpoints[name], args, options.queryArrays)
    const data = await pRetry(() => send(name, request, args.signal), {
      retries: args.retries ?? options.retries ?? 3,
      minTimeout: 0,
      signal: args.signal,
    })
    if (!args.schema) return data
    const parsed = args.schema.safeParse(data)
    if (!parsed.success) throw new ProviderResponseError(name, data, { cause: parsed.error })
    return parsed.data
  }

  const methods = Object.fromEntries(
    Object.keys(providerEndpoints).map((name) => [
      name,
      (args?: LooseArgs) => call(name as ProviderEndpointName, args),
    ]),
  )
  return Object.freeze({ ...methods, call }) as unknown as ProviderClient
}
