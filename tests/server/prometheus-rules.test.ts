import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { signUpPlayer } from '../support/accounts'
import { repoRoot } from '../support/processes'
import { startTestServer, type TestServer } from '../support/test-server'

interface Rule {
  alert?: string
  expr?: string
  for?: string
  labels?: { severity?: string }
  annotations?: { summary?: string; description?: string }
}

const rules: Rule[] = (
  parse(readFileSync(join(repoRoot, 'ops/prometheus-rules.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules)

/** Labels Prometheus adds to every scraped series: no metric of ours carries them. */
const targetLabels = new Set(['job', 'instance'])
/** Series Prometheus itself makes, not the server. */
const prometheusOwn = new Set(['up'])

/** Every `name{labels}` selector of an expression: the metric, and the label names it matches on. */
function selectorsOf(expr: string): { metric: string; labels: string[] }[] {
  return [...expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)].map((match) => ({
    metric: match[1] ?? '',
    labels: [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      (m) => m[1] ?? '',
    ),
  }))
}

/** A histogram's series are its family's name with _bucket, _count or _sum. */
const familyOf = (metric: string) => metric.replace(/_(bucket|count|sum)$/, '')

/**
 * ops/prometheus-rules.yml, the operator's alerting rules: each is complete, and names only metrics and
 * labels the server exports. Metrics do not depend on the database, so one dialect is enough.
 */
describe("the operator's alerting rules", () => {
  let server: TestServer
  let exported: string
  beforeAll(async () => {
    server = await startTestServer('sqlite')
    // what makes the labelled series show: a request (route, status_code), a mail (result), the jobs (game_job)
    const player = await signUpPlayer(server)
    await player.client.get('/v1/stockgame/state')
    await server.ctx.jobs.runAll()
    exported = (await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body
  })
  afterAll(() => server.stop())

  it('each has a name, an expression, a severity and a summary', () => {
    expect(rules.length).toBeGreaterThan(5)
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Alpha[A-Z]\w+$/)
      expect(rule.expr, rule.alert).toBeTruthy()
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels?.severity)
      expect(rule.annotations?.summary, rule.alert).toBeTruthy()
    }
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length)
  })

  it('names only metrics the server exports, with labels they carry', () => {
    const families = new Set([...exported.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]))
    for (const rule of rules) {
      const selectors = selectorsOf(rule.expr ?? '')
      expect(selectors.length, rule.alert).toBeGreaterThan(0)
      for (const { metric, labels } of selectors) {
        if (prometheusOwn.has(metric)) continue
        expect(families, `${rule.alert}: ${metric}`).toContain(familyOf(metric))
        const samples = exported.split('\n').filter((line) => line.startsWith(`${metric}{`))
        for (const label of labels) {
          if (targetLabels.has(label)) continue
          // a label of ours is on the metric's samples (a family without samples yet has its TYPE only)
          if (samples.length > 0)
            expect(
              samples.some((line) => line.includes(`${label}="`)),
              `${rule.alert}: ${metric} has no label ${label}`,
            ).toBe(true)
        }
      }
    }
  })

  it('finds a metric or label the server does not export', () => {
    const made = selectorsOf('rate(http_requests_total{job="alpha",route="/"}[5m]) > 0')
    expect(made).toEqual([{ metric: 'http_requests_total', labels: ['job', 'route'] }])
    const families = new Set([...exported.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]))
    expect(families).not.toContain(familyOf('http_requests_total'))
    expect(exported).not.toContain('job_run_duration_seconds_count{job="')
  })
})
