import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import type { EvaluationFigures } from './evaluate-scenario'
import { percentText } from './machine'
import { median, type Slices } from './rounds'
import type { StateFigures } from './state-scenario'
import type { WriteFigures, WriteKind } from './writes-scenario'

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

const times = (values: readonly number[]) => values.map((v) => `${v.toFixed(2)}×`).join(', ')

function stateRows(state: StateFigures): Row[] {
  const ratio = median(state.ratios)
  return [
    {
      what: `GET /v1/stockgame/state, 200 connections (${n0(state.bytes)} bytes of JSON${state.contentEncoding ? `, ${n0(state.sentBytes)} sent as ${state.contentEncoding}` : ''})`,
      ours: `${n0(state.app.perSecond)} req/s`,
      baseline: `${n0(state.bare.perSecond)} req/s (bare Fastify, same bytes)`,
      ratio: `${ratio.toFixed(2)}× (median of ${state.ratios.length} rounds)`,
      target: '≥ 0.5×',
      met: ratio >= 0.5,
    },
    {
      what: 'same run: p99 latency (median of the rounds)',
      ours: ms(state.app.p99),
      baseline: `${ms(state.bare.p99)} (bare)`,
      ratio: `${(state.app.p99 / state.bare.p99).toFixed(2)}×`,
      target: '< 50 ms',
      met: state.app.p99 < 50,
    },
  ]
}

function writeRows(writes: WriteFigures): Row[] {
  const row = (what: string, kind: WriteKind): Row => {
    const ratio = median(kind.ratios)
    const raw = kind.raw.reduce((sum, r) => sum + r, 0) / kind.raw.length
    return {
      what,
      ours: `${n0(kind.perSecond)} writes/s`,
      baseline: `${n0(raw)} tx/s (raw better-sqlite3, mean of ${kind.raw.length} runs around the slices)`,
      ratio: `${ratio.toFixed(2)}× (median of ${kind.ratios.length} slices)`,
      target: '≥ 0.5×',
      met: ratio >= 0.5,
    }
  }
  return [
    row('POST .../tag, 50 connections, 1,000 players', writes.tag),
    row('POST .../vote, 50 connections, 1,000 players', writes.vote),
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
    const server = (label: string, s: Slices) =>
      `- state, ${label}: p50 ${ms(s.p50)}, p99 per round ${s.slices.map((x) => ms(x.p99)).join(' / ')}, max ${ms(s.max)}, req/s per round ${s.slices.map((x) => n0(x.perSecond)).join(' / ')}, server CPU ${cores(s.cpu)} cores, event-loop delay p99 up to ${ms(s.loopDelayP99)}, load generator CPU ${cores(s.generatorCpu)} cores, ${s.failed} failed.`
    lines.push(
      `- state answer: ${state.shape}; machine busy before ${percentText(state.busyBefore)}; ratios per round ${times(state.ratios)}.`,
      server('ours', state.app),
      server('bare', state.bare),
    )
  }
  if (writes) {
    for (const [name, kind] of [
      ['tag', writes.tag],
      ['vote', writes.vote],
    ] as const) {
      lines.push(
        `- ${name}: writes/s per slice ${kind.slices.map((x) => n0(x.perSecond)).join(' / ')}, raw tx/s ${kind.raw.map(n0).join(' / ')}, ratios ${times(kind.ratios)}; p50 ${ms(kind.p50)}, p99 ${ms(kind.p99)} (worst slice ${ms(kind.worstP99)}), server CPU ${cores(kind.cpu)} cores, ${kind.failed} failed${kind.firstFailure ? ` (first: ${kind.firstFailure})` : ''}.`,
      )
    }
    lines.push(`- writes: machine busy before ${percentText(writes.busyBefore)}.`)
  }
  for (const evaluation of figures.evaluations) {
    lines.push(
      `- evaluation, ${evaluation.dialect}: ${n0(evaluation.priceKeys)} (title, due minute) price keys, ${n0(evaluation.credits)} ledger credits, seeding ${s2(evaluation.seedSeconds)}, machine busy before the engine / raw run ${percentText(evaluation.busyBefore[0])} / ${percentText(evaluation.busyBefore[1])}.`,
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
