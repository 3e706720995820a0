/**
 * `npm run bench:client`: builds the SPA as `npm run build` does (vite's build API, the project's
 * vite.config.ts) and a floor bundle (bench/client/floor: only react, react-dom, xstate, @xstate/react,
 * socket.io-client, ofetch and wouter), then reports the gzip size of the JS each route needs before its
 * first screen: the entry chunk and its static imports, plus the route's screen chunk (the `import()`
 * its React.lazy loads) and its static imports; other dynamic imports stay lazy and are not counted.
 * Writes the figures into bench/README.md's "## client" section (`BENCH_README=0` leaves it alone).
 * Knobs: `BENCH_KEEP=1` keeps the build folders (printed).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build, version as viteVersion } from 'vite'
import { entryKey, type Loaded, type Manifest, screenKey, staticClosure } from './manifest'
import { writeClientReadme } from './report'

const root = fileURLToPath(new URL('../..', import.meta.url))
const floorRoot = fileURLToPath(new URL('./floor', import.meta.url))

/**
 * The routes measured, each with the screen module(s) its route loads lazily (src/views/routes.ts), and
 * any other lazily loaded module the route needs before it shows: adjust here when screens move. `targetBytes`: the budget for the route's initial JS, gzip.
 */
export const measuredRoutes: readonly { route: string; modules: readonly string[]; targetBytes?: number }[] =
  [
    { route: '/account/signin', modules: ['src/views/screens/login/SignIn.tsx'], targetBytes: 140_000 },
    // the main layout and the game (the boot, its stores, the socket) load lazily, beside the screen
    {
      route: '/',
      modules: [
        'src/views/screens/dashboard/Dashboard.tsx',
        'src/views/layout/MainLayout.tsx',
        'src/actors/client-game-start.ts',
      ],
    },
  ]

/** A set of files as the browser gets them: each gzipped on its own (level 9, as vite reports). */
export interface Sized {
  readonly files: readonly { file: string; bytes: number; gzip: number }[]
  readonly bytes: number
  readonly gzip: number
}

function sizeOf(outDir: string, files: readonly string[]): Sized {
  const sized = files.map((file) => {
    const content = readFileSync(join(outDir, file))
    return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length }
  })
  return {
    files: sized,
    bytes: sized.reduce((sum, f) => sum + f.bytes, 0),
    gzip: sized.reduce((sum, f) => sum + f.gzip, 0),
  }
}

export interface RouteFigures {
  readonly route: string
  readonly modules: readonly string[]
  /** the screen modules the build has no chunk for (the table above is out of date) */
  readonly missing: readonly string[]
  readonly targetBytes?: number
  /** entry + static imports: every route pays it */
  readonly entry: Sized
  /** what the route's screen chunks add to it */
  readonly screen: Sized
  readonly total: Sized
  readonly css: Sized
  readonly lazy: number
}

export interface ClientFigures {
  readonly when: string
  readonly commit: string
  readonly node: string
  readonly vite: string
  readonly routes: readonly RouteFigures[]
  readonly floor: { readonly total: Sized }
  /** every JS chunk of the app's build, lazy ones included */
  readonly allJs: Sized
  readonly seconds: number
}

const readManifest = (outDir: string): Manifest =>
  JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest

function measureRoute(
  outDir: string,
  manifest: Manifest,
  entry: Loaded,
  route: (typeof measuredRoutes)[number],
) {
  const screens = route.modules.map((module) => ({ module, key: screenKey(manifest, module) }))
  const found = screens.flatMap((screen) => (screen.key ? [screen.key] : []))
  const loaded = staticClosure(manifest, [entryKey(manifest), ...found])
  const added = loaded.js.filter((file) => !entry.js.includes(file))
  return {
    route: route.route,
    modules: route.modules,
    missing: screens.filter((screen) => !screen.key).map((screen) => screen.module),
    targetBytes: route.targetBytes,
    entry: sizeOf(outDir, entry.js),
    screen: sizeOf(outDir, added),
    total: sizeOf(outDir, loaded.js),
    css: sizeOf(outDir, loaded.css),
    lazy: loaded.lazy.length,
  } satisfies RouteFigures
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src', 'index.html', 'vite.config.ts'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ).trim()
    return dirty ? `${commit} with uncommitted changes in src/` : commit
  } catch {
    return 'unknown'
  }
}

async function main() {
  const started = performance.now()
  process.chdir(root) // postcss.config.cjs and Panda's config are found from here, as in `npm run build`
  if (!existsSync(join(root, 'styled-system', 'css'))) {
    const codegen = spawnSync('npx', ['panda', 'codegen'], { cwd: root, stdio: 'inherit' })
    if (codegen.status !== 0) throw new Error('panda codegen failed')
  }
  const work = mkdtempSync(join(tmpdir(), 'alpha-bench-client-'))
  const appOut = join(work, 'app')
  const floorOut = join(work, 'floor')
  try {
    console.log('building the app (vite.config.ts) ...')
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir: appOut, emptyOutDir: true, manifest: true },
    })
    console.log('building the floor (bench/client/floor) ...')
    await build({
      root: floorRoot,
      configFile: false,
      mode: 'production',
      logLevel: 'warn',
      plugins: [react()],
      css: { postcss: { plugins: [] } },
      build: { outDir: floorOut, emptyOutDir: true, manifest: true },
    })

    const manifest = readManifest(appOut)
    const entry = staticClosure(manifest, [entryKey(manifest)])
    const floorManifest = readManifest(floorOut)
    const floor = staticClosure(floorManifest, [entryKey(floorManifest)])
    const allJs = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
      file.endsWith('.js'),
    )
    const figures: ClientFigures = {
      when: new Date().toISOString().slice(0, 16).replace('T', ' '),
      commit: gitCommit(),
      node: process.version,
      vite: viteVersion,
      routes: measuredRoutes.map((route) => measureRoute(appOut, manifest, entry, route)),
      floor: { total: sizeOf(floorOut, floor.js) },
      allJs: sizeOf(appOut, allJs),
      seconds: (performance.now() - started) / 1000,
    }
    const markdown = writeClientReadme(figures, process.env.BENCH_README !== '0')
    console.log(`\n${markdown}`)
    for (const route of figures.routes)
      if (route.missing.length)
        console.warn(`warning: no chunk for ${route.missing.join(', ')} (${route.route})`)
  } finally {
    if (process.env.BENCH_KEEP === '1') console.log(`kept the builds in ${work}`)
    else rmSync(work, { recursive: true, force: true })
  }
}

await main()
