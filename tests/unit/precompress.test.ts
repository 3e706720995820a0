import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompressDir, precompressMinBytes } from '../../scripts/precompress'

describe('precompressDir', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('writes .br and .gz beside text files worth compressing, decoding to the same bytes', () => {
    dir = mkdtempSync(join(tmpdir(), 'alpha-precompress-'))
    mkdirSync(join(dir, 'assets'))
    const big = 'const a = 1;\n'.repeat(200)
    const files = {
      'index.html': `<html>${'<p>hi</p>'.repeat(200)}</html>`,
      'assets/app-1.js': big,
      'assets/app-1.css': `.a{color:red}\n`.repeat(200),
      'manifest.webmanifest': JSON.stringify({ name: 'Alpha', icons: Array(60).fill({ src: '/i.png' }) }),
      'assets/tiny-2.js': 'x'.repeat(precompressMinBytes - 1),
    }
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    writeFileSync(join(dir, 'icon.png'), Buffer.alloc(4096, 7))

    const done = precompressDir(dir)
      .map((path) => path.slice(dir.length + 1))
      .sort()
    expect(done).toEqual(['assets/app-1.css', 'assets/app-1.js', 'index.html', 'manifest.webmanifest'])
    for (const name of done) {
      const original = readFileSync(join(dir, name))
      const br = readFileSync(join(dir, `${name}.br`))
      const gz = readFileSync(join(dir, `${name}.gz`))
      expect(brotliDecompressSync(br).equals(original)).toBe(true)
      expect(gunzipSync(gz).equals(original)).toBe(true)
      expect(br.length).toBeLessThan(original.length)
    }
    expect(existsSync(join(dir, 'assets/tiny-2.js.br'))).toBe(false)
    expect(existsSync(join(dir, 'icon.png.gz'))).toBe(false)
    // a second run (a rebuild into the same folder) does not compress the copies themselves
    expect(precompressDir(dir)).toHaveLength(done.length)
    expect(existsSync(join(dir, 'assets/app-1.js.br.gz'))).toBe(false)
  })
})
