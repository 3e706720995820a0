import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { EvaluationFigures } from './evaluate-scenario'
import type { StateFigures } from './state-scenario'
import type { WriteFigures } from './writes-scenario'

export interface RunFigures {
  machine: string
  state?: StateFigures
  writes?: WriteFigures
  evaluations: EvaluationFigures[]
  notes: string[]
}

interface Row {
  what: string
  ours: string
  baseline: string
  ratio: string
  target: string
  met: boolean
}

const n0 = (value: number) => Math.round(value).toLocaleString('en-US')
const s2 = (value: number) => `${value.toFixed(2)} s`
const ms = (value: number) => `${Math.round(value)} ms`
const cores = (value: number) => value.toFixed(2)

function stateRows(state: StateFigures): Row[] {
  const ratio = state.app.perSecond / state.bare.perSecond
  return [
    {
      what: `GET /v1/stockgame/state, 200 connections (${n0(state.bytes)} bytes)`,
      ours: `${n0(state.app.perSecond)} req/s`,
      baseline: `${n0(state.bare.perSecond)} req/s (bare Fastify, same bytes)`,
      ratio: `${ratio.toFixed(2)}×`,
      target: '≥ 0.5×',
      met: ratio >= 0.5,
    },
    {
      what: 'same run: p99 latency',
      ours: ms(state.app.p99),
      baseline: `${ms(state.bare.p99)} (bare)`,
      ratio: `${(state.app.p99 / state.bare.p99).toFixed(2)}×`,
      target: '< 50 ms',
      met: state.app.p99 < 50,
    },
  ]
}

function writeRows(writes: WriteFigures): Row[] {
  const [before, between, after] = writes.raw
  const row = (what: string, load: WriteFigures['tag'], raw: number, raws: string): Row => ({
    what,
    ours: `${n0(load.perSecond)} writes/s`,
    baseline: `${n0(raw)} tx/s (raw better-sqlite3, mean of ${raws})`,
    ratio: `${(load.perSecond / raw).toFixed(2)}×`,
    target: '≥ 0.5×',
    met: load.perSecond / raw >= 0.5,
  })
  return [
    row(
      'POST .../tag, 50 connections, 1,000 players',
      writes.tag,
      (before + between) / 2,
      `${n0(before)} and ${n0(between)}`,
    ),
    row(
      'POST .../vote, 50 connections, 1,000 players',
      writes.vote,
      (between + after) / 2,
      `${n0(between)} and ${n0(after)}`,
    ),
  ]
}

function evaluationRow(figures: EvaluationFigures): Row {
  const ratio = figures.engineSeconds / figures.rawSeconds
  return {
    what: `evaluate ${n0(figures.predictions)} due predictions, ${figures.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
    ours: `${s2(figures.engineSeconds)} (evaluateDuePredictions)`,
    baseline: `${s2(figures.rawSeconds)} (one raw UPDATE)`,
    ratio: `${ratio.toFixed(2)}×`,
    target: '≤ 2×',
    met: ratio <= 2,
  }
}

function details(figures: RunFigures): string[] {
  const lines: string[] = []
  const { state, writes } = figures
  if (state) {
    lines.push(
      `- state answer: ${state.shape}.`,
      `- state, ours: p50 ${ms(state.app.p50)}, max ${ms(state.app.max)}, server CPU ${cores(state.app.cpu)} cores, event-loop delay p99 ${ms(state.app.loopDelayP99)}, load generator CPU ${cores(state.app.generatorCpu)} cores, ${state.app.failed} failed.`,
      `- state, bare: p50 ${ms(state.bare.p50)}, max ${ms(state.bare.max)}, server CPU ${cores(state.bare.cpu)} cores, event-loop delay p99 ${ms(state.bare.loopDelayP99)}, load generator CPU ${cores(state.bare.generatorCpu)} cores, ${state.bare.failed} failed.`,
    )
  }
  if (writes) {
    for (const [name, load] of [
      ['tag', writes.tag],
      ['vote', writes.vote],
    ] as const) {
      lines.push(
        `- ${name}: p50 ${ms(load.p50)}, p99 ${ms(load.p99)}, server CPU ${cores(load.cpu)} cores, ${load.failed} failed${load.firstFailure ? ` (first: ${load.firstFailure})` : ''}.`,
      )
    }
  }
  for (const evaluation of figures.evaluations) {
    lines.push(
      `- evaluation, ${evaluation.dialect}: ${n0(evaluation.priceKeys)} (title, due minute) price keys, ${n0(evaluation.credits)} ledger credits, seeding ${s2(evaluation.seedSeconds)}.`,
    )
  }
  return [...lines, ...figures.notes.map((note) => `- ${note}`)]
}

/** The figures of one run as markdown: machine, table, details. */
export function figuresMarkdown(figures: RunFigures): string {
  const rows = [
    ...(figures.state ? stateRows(figures.state) : []),
    ...(figures.writes ? writeRows(figures.writes) : []),
    ...figures.evaluations.map(evaluationRow),
  ]
  return [
    figures.machine,
    '',
    '| measured | ours | baseline (same run) | ours / baseline | target | met |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.ours} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.met ? 'yes' : '**no**'} |`,
    ),
    '',
    ...details(figures),
  ].join('\n')
}

const start = '<!-- bench:engine:figures:start (written by npm run bench:engine) -->'
const end = '<!-- bench:engine:figures:end -->'

/**
 * Puts the figures between the markers of bench/README.md's "## engine" section (the rest of the file is
 * left as it is); without the section, appends one.
 */
export function writeReadme(path: string, markdown: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n'
  const block = `${start}\n${markdown}\n${end}`
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n## engine\n\n${block}\n`
  writeFileSync(path, next)
}
