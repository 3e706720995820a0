import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/
/** Below this a compressed copy saves less than the headers it adds. */
export const precompressMinBytes = 1024

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file of a build, at the highest levels (once
 * per build, so the time is spent there and not per request): the server sends them to browsers that
 * take them (@fastify/static `preCompressed`). Returns the files it compressed.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = []
  for (const path of filesUnder(dir)) {
    if (!compressible.test(path) || statSync(path).size < precompressMinBytes) continue
    const bytes = readFileSync(path)
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    )
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }))
    done.push(path)
  }
  return done
}

/** The Vite plugin: compresses the finished build, after every other plugin wrote its files (sw.js). */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'alpha-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      // resolve: an --outDir given on the command line may be absolute
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir)
      },
    },
  }
}
