import { expect } from 'vitest'
import type { Db } from '../../server/db/database'
import type { TestDialect } from './databases'
import { describeChanges, rowChanges, type Snapshot, snapshot, tableNames } from './db-rows'
import type { Answer } from './http-client'
import { startTestServer, type TestServer, type TestServerOptions } from './test-server'

/** Every row of every table of a test server, to prove that a refused request changed nothing. */
export class RowWatch {
  #tables: string[] = []
  constructor(
    private readonly db: Db,
    private readonly dialect: TestDialect,
  ) {}

  static async of(server: TestServer, dialect: TestDialect): Promise<RowWatch> {
    const watch = new RowWatch(server.ctx.db, dialect)
    watch.#tables = await tableNames(server.ctx.db, dialect)
    return watch
  }

  take(): Promise<Snapshot> {
    return snapshot(this.db, this.dialect, this.#tables)
  }

  /**
   * Runs `act` (one or more requests), expects each answer it returns to be refused with a 4xx (and the
   * code, when given), and no row of any table to have changed.
   */
  async expectRefused(
    label: string,
    act: () => Promise<Answer | Answer[]>,
    expected: { status?: number; code?: string } = {},
  ): Promise<Answer[]> {
    const before = await this.take()
    const answers = [await act()].flat()
    for (const answer of answers) {
      const text = `${label}: ${answer.status} ${JSON.stringify(answer.body)}`
      expect(answer.status, text).toBeGreaterThanOrEqual(400)
      expect(answer.status, text).toBeLessThan(500)
      if (expected.status !== undefined) expect(answer.status, text).toBe(expected.status)
      if (expected.code !== undefined) expect(errorCode(answer), text).toBe(expected.code)
    }
    expect(describeChanges(rowChanges(before, await this.take())), label).toEqual([])
    return answers
  }
}

/** The `error.code` of an error answer. */
export function errorCode(answer: Answer | undefined): string | undefined {
  return (answer?.body as { error?: { code?: string } } | undefined)?.error?.code
}

/**
 * Origins of pages that must not write with the player's cookie, nor open the realtime channel: another
 * site, an opaque origin, garbage, another port of the host, another name of the host, and the same host and
 * port under the other scheme (a page injected into plain http must not act on the https app, or back).
 */
export function foreignOriginsOf(serverUrl: string): string[] {
  const url = new URL(serverUrl)
  const otherScheme = url.protocol === 'http:' ? 'https:' : 'http:'
  return [
    'https://evil.example',
    'null',
    'not a url',
    `${url.protocol}//${url.hostname}:${Number(url.port) + 1}`,
    `${url.protocol}//localhost:${url.port}`,
    `${otherScheme}//${url.host}`,
  ]
}

/** Seconds of a rate limit's time window as server/http/rate-limits.ts writes it ('15 minutes'). */
export function windowSeconds(window: string): number {
  const [count = '0', unit = ''] = window.split(' ')
  return Number(count) * (unit.startsWith('hour') ? 3600 : unit.startsWith('minute') ? 60 : 1)
}

/**
 * A test server with the rate limits on, behind a trusted proxy (`X-Forwarded-For` names each
 * caller's address, so a test plays many addresses); `stop` puts TRUST_PROXY back as it was.
 */
export async function startRateLimitedServer(
  dialect: TestDialect,
  options: Omit<TestServerOptions, 'env'> = {},
): Promise<TestServer> {
  const previous = process.env.TRUST_PROXY
  process.env.TRUST_PROXY = '1'
  const server = await startTestServer(dialect, { ...options, env: { ALPHA_RATE_LIMITS: '1' } })
  return {
    ...server,
    async stop() {
      if (previous === undefined) delete process.env.TRUST_PROXY
      else process.env.TRUST_PROXY = previous
      await server.stop()
    },
  }
}
