import autocannon from 'autocannon'

export interface LoadOptions {
  port: number
  connections: number
  seconds: number
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  /** a different request every time (path, body, headers) instead of the same one */
  next?: () => { path: string; body?: string; headers?: Record<string, string> }
}

export interface LoadResult {
  /** 2xx answers per second */
  perSecond: number
  /** latency of all answers, ms */
  p50: number
  p99: number
  max: number
  ok: number
  /** non-2xx answers, connection errors and timeouts */
  failed: number
  /** the first non-2xx answer, to tell what went wrong */
  firstFailure?: string
  seconds: number
  /** bytes received per second */
  bytesPerSecond: number
  /** CPU of the load generator (this process), in cores */
  generatorCpu: number
}

/** Loopback load with autocannon, bounded in time; every connection keeps one request in flight. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let firstFailure: string | undefined
  const { next } = options
  const cpuBefore = process.cpuUsage()
  const result = await autocannon({
    url: `http://127.0.0.1:${options.port}${options.path}`,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    timeout: 10,
    requests: [
      {
        ...(next
          ? {
              setupRequest: (request) => {
                const { path, body, headers } = next()
                return { ...request, path, body, headers: { ...request.headers, ...headers } }
              },
            }
          : {}),
        onResponse: (status, body) => {
          if ((status < 200 || status > 299) && firstFailure === undefined)
            firstFailure = `${status} ${body.slice(0, 300)}`
        },
      },
    ],
  })
  const cpu = process.cpuUsage(cpuBefore)
  return {
    generatorCpu: (cpu.user + cpu.system) / 1e6 / result.duration,
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    firstFailure,
    seconds: result.duration,
    bytesPerSecond: result.throughput.average,
  }
}
