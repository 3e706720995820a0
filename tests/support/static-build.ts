import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A stand-in for `npm run build`'s dist folder: index.html and one hashed asset. */
export interface StaticBuild {
  dir: string
  indexMarker: string
  assetPath: string
  assetBody: string
  remove(): void
}

export function writeStaticBuild(): StaticBuild {
  const dir = mkdtempSync(join(tmpdir(), 'alpha-dist-'))
  const indexMarker = `alpha-test-index-${process.pid}`
  const assetBody = 'console.log("alpha test asset")\n'
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><title>Alpha</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root" data-marker="${indexMarker}"></div></body></html>\n`,
  )
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), assetBody)
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return {
    dir,
    indexMarker,
    assetPath: '/assets/index-abc123.js',
    assetBody,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
