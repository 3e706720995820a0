/** What a test sees of one HTTP answer. */
export interface Answer<T = unknown> {
  status: number
  headers: Headers
  body: T
}

export interface RequestOptions {
  headers?: Record<string, string>
  /** send without the x-app-version and Origin headers a browser build of the app sends */
  bare?: boolean
}

/**
 * A browser-like client over real HTTP: keeps its cookies, sends the app's x-app-version header and a
 * same-origin Origin on writes, as the SPA does.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>()
  constructor(readonly baseUrl: string) {}

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options)
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options)
  }
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options)
  }
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, body, options)
  }
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, body, options)
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {}
    if (!options.bare) {
      headers['x-app-version'] = 'test'
      headers.origin = this.baseUrl
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    Object.assign(headers, options.headers)
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      // bytes (an upload) and text go as they are, anything else as JSON
      body:
        body === undefined
          ? undefined
          : typeof body === 'string'
            ? body
            : body instanceof Uint8Array
              ? Uint8Array.from(body)
              : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) this.#storeCookie(line)
    const text = await response.text()
    let parsed: unknown = text
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text)
    return { status: response.status, headers: response.headers, body: parsed as T }
  }

  #storeCookie(line: string): void {
    const [pair, ...attributes] = line.split(';')
    const [name, ...rest] = (pair ?? '').split('=')
    if (!name) return
    const value = rest.join('=')
    const expired = attributes.some(
      (a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
    )
    if (expired || value === '') this.cookies.delete(name.trim())
    else this.cookies.set(name.trim(), value)
  }
}
