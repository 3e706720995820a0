import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ClientFigures, RouteFigures, Sized } from './run'

const readme = fileURLToPath(new URL('../README.md', import.meta.url))
const start = '<!-- bench:client:figures:start (written by npm run bench:client) -->'
const end = '<!-- bench:client:figures:end -->'

/** kB as vite prints them (1,000 bytes). */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const ratio = (ours: number, floor: number) => `${(ours / floor).toFixed(2)}×`
const chunkList = (sized: Sized) =>
  [...sized.files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzip)}`)
    .join(', ')

function routeRow(route: RouteFigures, floor: Sized): string {
  const target = route.targetBytes === undefined ? '—' : `≤ ${kb(route.targetBytes)}`
  const met = route.targetBytes === undefined ? '—' : route.total.gzip <= route.targetBytes ? 'yes' : '**no**'
  const screen = route.missing.length ? `no chunk for ${route.missing.join(', ')}` : kb(route.screen.gzip)
  return `| \`${route.route}\` | **${kb(route.total.gzip)}** (${kb(route.total.bytes)} raw) | ${kb(route.entry.gzip)} | ${screen} | ${ratio(route.total.gzip, floor.gzip)} | ${target} | ${met} |`
}

/** The figures as the markdown block of the README's "## client" section. */
export function clientMarkdown(figures: ClientFigures): string {
  const floor = figures.floor.total
  const [first] = figures.routes
  return [
    `Run ${figures.when} UTC of ${figures.commit}: node ${figures.node}, vite ${figures.vite}, the whole run ${figures.seconds.toFixed(0)} s. Sizes are gzip level 9 per file, summed (kB = 1,000 bytes).`,
    '',
    '| route | initial JS, gzip | entry + static imports | route screen adds | vs floor | target | met |',
    '|---|---|---|---|---|---|---|',
    ...figures.routes.map((route) => routeRow(route, floor)),
    `| floor: react, react-dom, xstate, @xstate/react, socket.io-client, ofetch, wouter | ${kb(floor.gzip)} (${kb(floor.bytes)} raw) | ${kb(floor.gzip)} | — | 1.00× | — | — |`,
    '',
    ...(first ? [`- entry chunks: ${chunkList(first.entry)}.`] : []),
    ...figures.routes.map(
      (route) =>
        `- \`${route.route}\` (${route.modules.join(', ')}): adds ${chunkList(route.screen) || 'nothing'}; CSS ${kb(route.css.gzip)} gzip; ${route.lazy} dynamic imports left lazy.`,
    ),
    `- floor chunks: ${chunkList(floor)}.`,
    `- the whole build: ${figures.allJs.files.length} JS chunks, ${kb(figures.allJs.gzip)} gzip (${kb(figures.allJs.bytes)} raw).`,
  ].join('\n')
}

/**
 * Puts the figures between the markers of bench/README.md's "## client" section (the rest of the file is
 * left as it is); without the section, appends one. Returns the markdown.
 */
export function writeClientReadme(figures: ClientFigures, write: boolean): string {
  const markdown = clientMarkdown(figures)
  if (!write) return markdown
  const current = existsSync(readme) ? readFileSync(readme, 'utf8') : '# Benchmarks\n'
  const block = `${start}\n${markdown}\n${end}`
  const from = current.indexOf(start)
  const to = current.indexOf(end)
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n## client\n\n${block}\n`
  writeFileSync(readme, next)
  return markdown
}
